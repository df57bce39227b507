/**
 * Live capture on a machine with no agent folders yet (a fresh install): `dejavu sync --watch`
 * keeps watching instead of quitting silently, and picks up the first session an agent writes
 * once a sync finds its folder.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dejavu, dejavuAsync } from './cli';
import { claudeTarget, CLAUDE_FIXTURE, until } from './live-home';

describe('dejavu sync --watch with no agent folder yet', () => {
  it('says it watches nothing yet and keeps running until stopped', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-watch-empty-'));
    const home = path.join(tmp, 'home');
    mkdirSync(home);
    const archive = path.join(tmp, 'archive');
    const child = dejavuAsync(['sync', '--watch'], { HOME: home, DEJAVU_HOME: archive });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let exitCode: number | null | undefined;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve((exitCode = code))));
    try {
      await until(() => stdout.includes('watching 0 session file(s)') || exitCode !== undefined, 30_000, 'the watcher to start');
      expect(exitCode, `it quit: ${stdout}${stderr}`).toBeUndefined();
      expect(stdout).toContain('0 file(s) found, 0 read (0 B), 0 unchanged: 0 new, 0 updated conversation(s)\n');
      // The writer is held while it watches: another sync is refused, naming it.
      const other = dejavu(['sync'], { HOME: home, DEJAVU_HOME: archive });
      expect(other.code).toBe(1);
      expect(other.stderr).toMatch(/dejavu sync --watch \(pid \d+\) is writing the archive/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
    // Once the agent's folder exists, the next sync archives its session.
    const target = claudeTarget(home);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(CLAUDE_FIXTURE, target);
    const first = dejavu(['sync'], { HOME: home, DEJAVU_HOME: archive });
    expect(first.stdout).toMatch(/^1 file\(s\) found, 1 read \(.+\), 0 unchanged: [1-9]\d* new, 0 updated conversation\(s\)$/m);
  }, 60_000);
});
