/**
 * Migration 004 renames blob files, so it is killed for real (SIGKILL, through the CLI) at each
 * point: right after the kill every file the index names is still there, and the next run
 * finishes the job to the same archive an uninterrupted run leaves.
 */
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { readBlob } from '../main/core/archive/blob-store';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';
import { seedV3Archive, sourceOf, V3 } from './v3-archive';

const FIXTURE = path.join(FIXTURES_DIR, 'codex/Mai0313__VibeCodingTracker/blob_dcbbb0da2e/examples/test_conversation_oai.jsonl');

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
    expect(state(reference).version).toBeGreaterThanOrEqual(4);
    for (const id of [V3.ownerB, V3.staged, V3.ownerDot]) expect(dejavuJson<Conversation>(['show', id], env).messages[0].parts[0]).toEqual({ type: 'text', content: `the prompt of ${id}` });
    const shown = dejavu(['show', V3.loserA], env);
    expect(shown.stdout).not.toContain(`the prompt of ${V3.ownerB}`);
    expect(shown.stderr).toMatch(/^dejavu: the archived copy of this conversation is missing \(proj\/host\/codex\/codex_7+~[0-9a-f]+\.pb\); importing or syncing its source file again archives it anew, if that file still exists\n$/);
    expect(shown.code).toBe(1);
  });

  it('archives an overwritten conversation again from its source on the next sync', () => {
    const archive = path.join(work, 'reread');
    cpSync(pristine, archive, { recursive: true });
    // The loser's source is a real Codex rollout with its id, unchanged since the last sync.
    const source = path.join(work, 'reread-source', 'rollout.jsonl');
    mkdirSync(path.dirname(source));
    writeFileSync(source, readFileSync(FIXTURE, 'utf8').replace('"id":"01996135-afde-7911-97f0-d863511eca56"', `"id":"${V3.loserA.slice('codex_'.length)}"`));
    const info = statSync(source);
    const db = new Database(path.join(archive, 'index.db'));
    db.prepare('UPDATE conversations SET source_path = ?, sources = ? WHERE id = ?').run(source, JSON.stringify([source]), V3.loserA);
    db.prepare('UPDATE sources SET path = ?, size = ?, mtime_ms = ?, read_offset = ? WHERE path = ?').run(source, info.size, Math.trunc(info.mtimeMs), info.size, sourceOf(V3.loserA));
    db.close();

    const env = { DEJAVU_HOME: archive };
    expect(dejavu(['list'], env).code).toBe(0); // migrates
    const synced = dejavuJson<{ read: number }>(['sync', '--source', path.dirname(source)], env);
    expect(synced.read).toBe(1); // unchanged since the last sync, yet read again
    const shown = dejavuJson<Conversation>(['show', V3.loserA], env);
    expect(shown.id).toBe(V3.loserA);
    expect(JSON.stringify(shown.messages)).toContain('幫我檢查一下 go.mod');
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
