/**
 * One huge session file must not hold up the others: a real `sync` archives the small sessions
 * before it reads the huge one (read last, its bodies left in the file), so a sync killed while
 * it works on the huge one has already kept the rest; the next sync finishes the huge one and
 * ends equal to an uninterrupted sync.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hugeSessionSeed, repeatedSession, SESSION } from '../bench/huge-session';
import { dejavu, dejavuAsync } from './cli';
import { FIXTURES_DIR } from './fixtures';
import { committedIds, snapshot } from './stress/archive-state';

const SMALL = '1af7fc5e-8455-4414-9ccd-011d40f70b2a';

describe('a sync with one huge session file', () => {
  it('archives the small sessions first, so a kill during the huge one keeps them; the rerun completes it', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-huge-sync-'));
    const home = path.join(work, 'home');
    // The huge file's project folder comes first in the walk: only the order the sync chooses puts it last.
    const hugeDir = path.join(home, '.claude', 'projects', '-a-huge');
    const smallDir = path.join(home, '.claude', 'projects', '-b-small');
    mkdirSync(hugeDir, { recursive: true });
    mkdirSync(smallDir, { recursive: true });
    const seed = hugeSessionSeed(FIXTURES_DIR);
    repeatedSession(seed, path.join(hugeDir, `${SESSION}.jsonl`), 4 * 1024 * 1024);
    copyFileSync(path.join(path.dirname(seed), `${SMALL}.jsonl`), path.join(smallDir, `${SMALL}.jsonl`));
    const env = { HOME: home, DEJAVU_HUGE_BYTES: String(1024 * 1024) };

    const reference = path.join(work, 'reference');
    const whole = dejavu(['sync', '--no-evict'], { ...env, DEJAVU_HOME: reference });
    expect(whole.stderr).toBe('');
    expect(whole.code).toBe(0);
    const expected = snapshot(reference);
    const small = `claude-code_${SMALL}`;
    const huge = `claude-code_${SESSION}`;
    expect(expected.conversations.map((c) => c.id)).toEqual(expect.arrayContaining([small, huge]));

    const archive = path.join(work, 'archive');
    const child = dejavuAsync(['sync', '--no-evict'], { ...env, DEJAVU_HOME: archive });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    let first: string[] = [];
    const deadline = Date.now() + 60_000;
    while (first.length === 0 && Date.now() < deadline) {
      first = committedIds(archive);
      if (first.length === 0) await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // What was committed first is the small session, alone: the huge one was still being read.
    expect(first).toEqual([small]);
    expect(committedIds(archive)).not.toContain(huge);

    const resumed = dejavu(['sync', '--no-evict'], { ...env, DEJAVU_HOME: archive });
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    const after = snapshot(archive);
    expect(after.conversations.map(({ id, message_count, prompt_count }) => ({ id, message_count, prompt_count }))).toEqual(
      expected.conversations.map(({ id, message_count, prompt_count }) => ({ id, message_count, prompt_count })),
    );
    expect(after.fts).toBe(expected.fts);
    expect(after.indexed).toEqual(expected.indexed);
  });
});
