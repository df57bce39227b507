/** Output piped into a reader that stops early (`| head`) ends quietly, without a stack trace. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, dejavu } from './cli';
import { FIXTURES_DIR } from './fixtures';

describe('a closed pipe', () => {
  it('ends list and search quietly when the reader stops after one line', () => {
    const env = { DEJAVU_HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-pipe-')) };
    expect(dejavu(['import', path.join(FIXTURES_DIR, 'claude-code'), path.join(FIXTURES_DIR, 'codex')], env).code).toBe(0);
    for (const args of ['search the --tools --limit 500', 'list', 'list --json']) {
      const r = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI}" ${args} | head -c 10 >/dev/null; echo "exit=\${PIPESTATUS[0]}"`], { env: { ...process.env, ...env }, encoding: 'utf8' });
      expect(r.stderr, args).toBe('');
      expect(r.stdout.trim(), args).toBe('exit=0');
    }
  });
});
