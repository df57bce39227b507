/**
 * Importing a file that has not changed since it was archived reads and writes nothing: the
 * report says "unchanged", no revision is added and no blob file is touched.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder } from './provider-kit';
import { dejavu } from './cli';
import { FIXTURES_DIR } from './fixtures';

const FILE = path.join(FIXTURES_DIR, 'claude-code/entireio__cli/entire_checkpoints_v1/c9/883595c929/0/full.jsonl');

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-reimport-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every file of the archive but its SQLite files (which a reader's open may touch), with its bytes and mtime. */
function archiveFiles(archive: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of filesUnder(archive)) {
    if (/\.db(-wal|-shm)?$|\.lock$/.test(f)) continue;
    out.set(path.relative(archive, f), `${statSync(f).mtimeMs} ${readFileSync(f).toString('base64')}`);
  }
  return out;
}

function revisions(archive: string): unknown[] {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    return db.prepare('SELECT id, revision FROM conversations ORDER BY id').all();
  } finally {
    db.close();
  }
}

describe('import of an unchanged file', () => {
  it('reports it unchanged and writes nothing', () => {
    const archive = path.join(work, 'archive');
    const env = { DEJAVU_HOME: archive };
    const first = dejavu(['import', FILE], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('1 file(s) found, 1 read');
    expect(first.stdout).toContain('1 new, 0 updated conversation(s)');
    const before = { files: archiveFiles(archive), revisions: revisions(archive) };
    expect([...before.files.keys()].some((f) => f.endsWith('.pb'))).toBe(true);

    const again = dejavu(['import', FILE], env);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('1 file(s) found, 0 read (0 B), 1 unchanged: 0 new, 0 updated conversation(s)');
    expect(revisions(archive)).toEqual(before.revisions);
    expect(archiveFiles(archive)).toEqual(before.files);
  });
});
