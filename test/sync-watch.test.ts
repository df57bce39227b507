/**
 * `dejavu sync --watch` and `dejavu open` as real child processes: the watcher picks up a line
 * appended to a real session file and stops cleanly on SIGTERM; `open` hands the OS opener
 * the conversation's dejavu:// link, or says how to reach it without the app.
 */
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileParseContext } from '../main/core/capture/parse-context';
import { claudeCodeProvider } from '../main/core/providers/claude-code/index';
import { dejavu, dejavuAsync, dejavuJson } from './cli';
import { claudeTarget, CLAUDE_FIXTURE, splitFixture, until, writeHead } from './live-home';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-watch-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('dejavu sync --watch', () => {
  it('archives an appended line while running and exits cleanly on SIGTERM', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(tmp, 'archive');
    const file = splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 0.6, 1);
    writeHead(file);
    const child = dejavuAsync(['sync', '--watch', '--source', home, '--archive', root]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until(() => stdout.includes('watching 1 session file'), 30_000, 'the watcher to start');
      appendFileSync(file.path, file.chunks[0]);
      const [expected] = await claudeCodeProvider.parse(fileParseContext(file.path));
      await until(() => new RegExp(`appended: .*${expected.id}`).test(stdout), 15_000, `the append to be reported (${stdout})`);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
    const [expected] = await claudeCodeProvider.parse(fileParseContext(file.path));
    const shown = dejavuJson<{ messages: unknown[] }>(['show', expected.id, '--archive', root]);
    expect(shown.messages.length).toBe(expected.messages.length);
  }, 60_000);
});

describe('dejavu open', () => {
  const home = path.join(tmp, 'open-home');
  const root = path.join(tmp, 'open-archive');
  const bin = path.join(tmp, 'bin');
  let id: string;

  it('hands the OS opener the conversation link', async () => {
    writeHead(splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 1, 1));
    expect(dejavu(['sync', '--source', home, '--archive', root]).code).toBe(0);
    id = (await claudeCodeProvider.parse(fileParseContext(claudeTarget(home))))[0].id;
    // A stand-in for xdg-open that records the URL it is handed.
    mkdirSync(bin, { recursive: true });
    const opener = path.join(bin, 'xdg-open');
    writeFileSync(opener, `#!/bin/sh\nprintf '%s' "$1" > "${path.join(tmp, 'opened')}"\n`);
    chmodSync(opener, 0o755);
    const r = dejavu(['open', id, '--archive', root], { PATH: `${bin}:${process.env.PATH}` });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path.join(tmp, 'opened'), 'utf8')).toBe(`dejavu://conversation/${id}`);
  });

  // Elsewhere the system's own opener is always there: skipped (and reported so), never passed without running.
  it.skipIf(process.platform !== 'linux')('without an opener, says how to reach the conversation through dejavu serve', () => {
    const r = dejavu(['open', id, '--archive', root], { PATH: path.join(tmp, 'empty') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('dejavu serve');
    expect(r.stderr).toContain(`#/conversation/${id}`);
  });

  it('an unknown id is an error, and --json prints the link and route', () => {
    expect(dejavu(['open', 'nope-nothing', '--archive', root]).code).toBe(1);
    expect(dejavuJson(['open', id, '--archive', root])).toEqual({ id, url: `dejavu://conversation/${id}`, route: `#/conversation/${id}` });
  });
});
