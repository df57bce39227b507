/**
 * `dejavu sync` on a terminal draws how far it is: files, megabytes and conversations, in the
 * words the app's status bar uses; the summary after it says the same counts.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dejavuOnTerminal } from './cli';
import { buildFakeHome } from './home';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-sync-progress-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('dejavu sync progress', () => {
  it('names files, MB and conversations on its progress line', () => {
    const home = buildFakeHome(path.join(tmp, 'home'));
    const env = { HOME: home.dir, DEJAVU_HOME: path.join(tmp, 'archive'), DEJAVU_SYNC_BATCH_BYTES: String(512 * 1024) };
    const r = dejavuOnTerminal(['sync', '--no-evict'], env);
    expect(r.code, r.output).toBe(0);
    const files = home.files.length;
    const mb = Math.round(home.files.reduce((n, f) => n + statSync(f.path).size, 0) / (1024 * 1024));
    expect(mb).toBeGreaterThanOrEqual(10); // whole megabytes from 10 MB on
    const summary = new RegExp(`${files} file\\(s\\) found, ${files} read \\([^)]*\\), 0 unchanged: (\\d+) new, 0 updated conversation\\(s\\)`).exec(r.output);
    expect(summary, r.output).not.toBeNull();
    const created = Number(summary![1]);
    // Each redraw starts with a carriage return; the last before the summary is the finished count.
    const frames = r.output.split('\r').map((f) => f.replace(/\x1b\[K/g, '').trim()).filter((f) => f.startsWith('['));
    expect(frames.at(-1)).toBe(`[${'#'.repeat(28)}] Syncing ${files}/${files} files · ${mb}/${mb} MB · ${created} conversations`);
    // On the way there the conversations stored so far were counted, commit by commit.
    const counted = frames.map((f) => Number(/· (\d+) conversations?\b/.exec(f)?.[1] ?? NaN)).filter((n) => !Number.isNaN(n));
    expect(counted.some((n) => n > 0 && n < created), frames.join('\n')).toBe(true);
  });

  it('says Importing, with the same counts, on `dejavu import`', () => {
    const home = buildFakeHome(path.join(tmp, 'import-home'));
    const r = dejavuOnTerminal(['import', ...home.files.map((f) => f.path)], { HOME: home.dir, DEJAVU_HOME: path.join(tmp, 'import-archive') });
    expect(r.code, r.output).toBe(0);
    const files = home.files.length;
    const frames = r.output.split('\r').map((f) => f.replace(/\x1b\[K/g, '').trim()).filter((f) => f.startsWith('['));
    expect(frames.at(-1), r.output).toMatch(new RegExp(`^\\[#{28}\\] Importing ${files}/${files} files · \\d+/\\d+ MB · \\d+ conversations$`));
  });
});
