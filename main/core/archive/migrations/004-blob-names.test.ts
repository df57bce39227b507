import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedV3Archive, sourceOf, V3, V3_PATHS } from '../../../../test/v3-archive';
import { readBlob } from '../blob-store';
import { migrate, schemaVersion } from '../migrate';
import { blobRelativePath, INDEX_FILE } from '../paths';
import { MIGRATIONS } from '.';

function pbFiles(root: string, rel = ''): string[] {
  return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return e.name === '.tmp' ? [] : pbFiles(root, p);
    return e.name.endsWith('.pb') ? [p] : [];
  });
}

function migrated() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-m004-'));
  seedV3Archive(root);
  const db = new Database(path.join(root, INDEX_FILE));
  const applied = migrate(db, MIGRATIONS.filter((m) => m.version <= 4), root);
  const paths = new Map((db.prepare('SELECT id, blob_path FROM conversations').all() as { id: string; blob_path: string }[]).map((r) => [r.id, r.blob_path]));
  const sizes = new Map((db.prepare('SELECT path, size FROM sources').all() as { path: string; size: number }[]).map((r) => [r.path, r.size]));
  return { root, db, applied, paths, sizes };
}

describe('migration 004 (blob names)', () => {
  it('moves every blob to its collision-free name and points the index at it', () => {
    const { root, db, applied, paths } = migrated();
    expect(applied).toEqual([4]);
    expect(schemaVersion(db)).toBe(4);
    const place = { workspace: 'proj', instance: 'host', agent: 'codex' };
    expect(paths.get(V3.ownerB)).toBe(blobRelativePath({ ...place, id: V3.ownerB }));
    expect(paths.get(V3.staged)).toBe(blobRelativePath({ ...place, id: V3.staged }, 1));
    expect(paths.get(V3.plain)).toBe(V3_PATHS.plain); // a name that was fine stays
    for (const key of ['ownerB', 'staged', 'plain', 'ownerDot'] as const) expect(readBlob(root, paths.get(V3[key])!).id, key).toBe(V3[key]);
    // The old shared files are gone; what is left is one file per readable conversation.
    expect(pbFiles(root).sort()).toEqual([V3.ownerB, V3.staged, V3.plain, V3.ownerDot].map((id) => paths.get(id)!).sort());
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'blob_moves'").get()).toBeUndefined();
  });

  it('never hands a conversation the record of the one that overwrote it, and re-reads its source on the next sync', () => {
    const { root, paths, sizes } = migrated();
    for (const key of ['loserA', 'loserPlain'] as const) {
      const now = paths.get(V3[key])!;
      expect(now).toBe(blobRelativePath({ workspace: 'proj', instance: 'host', agent: 'codex', id: V3[key] }));
      // Its own record was overwritten long ago; the other's must not be shown as its own.
      expect(existsSync(path.join(root, now)), key).toBe(false);
      expect(sizes.get(sourceOf(V3[key])), key).toBe(-1);
    }
    // A name that did not change but held another conversation's record (codex_e.pb held codex_e.).
    expect(paths.get(V3.loserPlain)).toBe(V3_PATHS.loserPlain);
    for (const key of ['ownerB', 'plain', 'staged', 'ownerDot'] as const) expect(sizes.get(sourceOf(V3[key])), key).toBe(1234);
  });

  it('leaves a dropped (stage 3) conversation without a file, under its new name', () => {
    const { root, paths } = migrated();
    expect(paths.get(V3.lost)).toBe(blobRelativePath({ workspace: 'proj', instance: 'host', agent: 'codex', id: V3.lost }));
    expect(existsSync(path.join(root, paths.get(V3.lost)!))).toBe(false);
  });

  it('leaves the files alone when the caller does not hold the writer lock (no root given)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-m004-'));
    seedV3Archive(root);
    const db = new Database(path.join(root, INDEX_FILE));
    expect(migrate(db, MIGRATIONS)).toEqual([]);
    expect(schemaVersion(db)).toBe(3);
    expect(existsSync(path.join(root, V3_PATHS.ownerB))).toBe(true);
  });
});
