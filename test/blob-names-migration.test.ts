/**
 * Migration 004 renames blob files, so it is killed for real (SIGKILL, through the CLI) at each
 * point: right after the kill every file the index names is still there, and the next run
 * finishes the job to the same archive an uninterrupted run leaves.
 */
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { readBlob } from '../main/core/archive/blob-store';
import { dejavu, dejavuJson } from './cli';
import { seedV3Archive, V3 } from './v3-archive';

function state(archive: string) {
  const db = new Database(path.join(archive, 'index.db'), { readonly: true });
  try {
    const version = db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get() as number;
    const rows = db.prepare('SELECT id, blob_path FROM conversations ORDER BY id').all() as { id: string; blob_path: string }[];
    const sources = db.prepare('SELECT path, size FROM sources ORDER BY path').all();
    return { version, rows, sources };
  } finally {
    db.close();
  }
}

function ownRecordAt(archive: string, row: { id: string; blob_path: string }): boolean {
  try {
    return readBlob(archive, row.blob_path).id === row.id;
  } catch {
    return false;
  }
}

describe('migration 004 killed mid-run', { timeout: 60_000 }, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-m004-crash-'));
  const pristine = path.join(work, 'pristine');
  const reference = path.join(work, 'reference');

  beforeAll(() => {
    mkdirSync(pristine);
    seedV3Archive(pristine);
    cpSync(pristine, reference, { recursive: true });
    expect(dejavu(['list', '--json'], { DEJAVU_HOME: reference }).code).toBe(0);
  });

  it('an uninterrupted run shows each long-id conversation its own record', () => {
    const env = { DEJAVU_HOME: reference };
    expect(state(reference).version).toBe(4);
    for (const id of [V3.ownerB, V3.staged, V3.ownerDot]) expect(dejavuJson<Conversation>(['show', id], env).messages[0].parts[0]).toEqual({ type: 'text', content: `the prompt of ${id}` });
    const shown = dejavu(['show', V3.loserA], env);
    expect(shown.stdout).not.toContain(`the prompt of ${V3.ownerB}`);
  });

  it.each(['after-plan', 'after-copy', 'after-commit'] as const)('is finished by the next run when killed %s', (point) => {
    const archive = path.join(work, point);
    cpSync(pristine, archive, { recursive: true });
    const before = state(archive);
    const killed = dejavu(['list', '--json'], { DEJAVU_HOME: archive, DEJAVU_MIGRATE_CRASH_AT: point });
    expect(killed.code).toBe(-1); // killed by a signal
    const after = state(archive);
    expect(after.version).toBe(3);
    // Whoever could read its own record before still reads it where the index now points.
    for (const r of after.rows) {
      const was = before.rows.find((b) => b.id === r.id)!;
      if (ownRecordAt(archive, was)) expect(ownRecordAt(archive, r), r.id).toBe(true);
    }
    expect(dejavu(['list', '--json'], { DEJAVU_HOME: archive }).code).toBe(0);
    expect(state(archive)).toEqual(state(reference));
    for (const r of state(archive).rows) expect(existsSync(path.join(archive, r.blob_path)), r.id).toBe(existsSync(path.join(reference, r.blob_path)));
  });
});
