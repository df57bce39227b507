/**
 * Several processes opening one archive that does not exist yet (the app, a CLI command, an
 * agent's MCP server started together): each creates, switches to WAL and migrates the same new
 * index.db and search.db. None may fail with "database is locked" or trip on a migration
 * another one has just applied.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dejavuAsync } from './cli';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-fresh-race-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(archive: string): Promise<{ code: number | null; stderr: string }> {
  const child = dejavuAsync(['list', '--json'], { DEJAVU_HOME: archive });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

describe('a new archive opened by several processes at once', () => {
  it('is created and migrated once, every process answering', async () => {
    for (let round = 0; round < 6; round++) {
      const archive = path.join(tmp, `archive-${round}`);
      const results = await Promise.all(Array.from({ length: 6 }, () => run(archive)));
      for (const r of results) expect(r, `round ${round}`).toEqual({ code: 0, stderr: '' });
    }
  }, 120_000);
});
