/**
 * `dejavu` as a person starts it: bin/dejavu.mjs run as an executable, through its shebang. The
 * process that runs the CLI has the small V8 young generation and glibc's malloc arena limit
 * the shebang sets (main/core/memory.ts, README "One huge session"), read from its own
 * /proc entries while it runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from './cli';
import { until } from './live-home';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-launcher-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The pid that runs the bundle: the launcher's own, or its child's when an older `node` re-ran it under Node 24. */
function bundlePid(launcher: number): number {
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim();
  return children ? Number(children.split(' ')[0]) : launcher;
}

describe.runIf(existsSync('/proc/self/environ'))('the dejavu launcher', () => {
  it('runs the CLI with two malloc arenas and the small young generation', async () => {
    const { MALLOC_ARENA_MAX: _unset, ...env } = process.env;
    // `mcp` waits on its stdin: the process stays up to be looked at.
    const child = spawn(CLI, ['mcp'], { env: { ...env, DEJAVU_HOME: path.join(tmp, 'archive') }, stdio: ['pipe', 'pipe', 'pipe'] });
    try {
      await until(() => existsSync(path.join(tmp, 'archive', 'index.db')), 30_000, 'the CLI to open its archive');
      const pid = bundlePid(child.pid!);
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain('MALLOC_ARENA_MAX=2');
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--max-semi-space-size=4');
    } finally {
      child.kill();
    }
  }, 60_000);
});
