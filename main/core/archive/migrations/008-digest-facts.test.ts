import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../../../shared/agents';
import { fileParseContext } from '../../capture/parse-context';
import { providerFor } from '../../providers/registry';
import { buildDigest } from '../../retention/digest';
import { migrate, schemaVersion } from '../migrate';
import { INDEX_FILE } from '../paths';
import { MIGRATIONS } from '.';
import { readsFromDigests, readsFromFacts } from '../../../../test/digest-facts-oracle';
import { readProvenance } from '../../../../test/provenance';

const BEFORE = MIGRATIONS.filter((m) => m.version < 8);
const DAMAGED = 'codex_damaged';

/** A schema-7 archive whose digests are those of the real fixtures, and one damaged by hand. */
async function schema7Archive(): Promise<{ root: string; db: Database.Database }> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-m008-'));
  const db = new Database(path.join(root, INDEX_FILE));
  migrate(db, BEFORE, root);
  const insert = db.prepare('INSERT INTO digests (conversation_id, version, revision, analyzed_at, outcome, bytes, data) VALUES (?, ?, 1, ?, ?, ?, ?)');
  for (const f of readProvenance()) {
    const provider = providerFor(f.agentSection as AgentId);
    if (!provider) continue;
    for (const c of await provider.parse(fileParseContext(f.absPath))) {
      const d = buildDigest(c);
      const data = JSON.stringify(d);
      insert.run(d.conversationId, d.version, '2026-11-01T00:00:00.000Z', d.outcome, Buffer.byteLength(data), data);
    }
  }
  insert.run(DAMAGED, 5, '2026-11-01T00:00:00.000Z', 'unknown', 9, '{"agent":');
  return { root, db };
}

describe('migration 008 (digest facts)', () => {
  it('fills digest_facts from the digests already stored: the timeline, usage and plans reads give what json_extract gave', async () => {
    const { root, db } = await schema7Archive();
    const before = readsFromDigests(db);
    expect(before.plans.length).toBeGreaterThan(5);
    expect(migrate(db, MIGRATIONS, root)).toEqual([8]);
    expect(readsFromFacts(db)).toEqual(before);
    // The damaged digest (not JSON) does not stop the step: it has no facts, as verify reads it as nothing.
    expect(db.prepare('SELECT count(*) FROM digest_facts').pluck().get()).toBe((db.prepare('SELECT count(*) FROM digests').pluck().get() as number) - 1);
    expect(db.prepare('SELECT 1 FROM digest_facts WHERE conversation_id = ?').get(DAMAGED)).toBeUndefined();
  }, 60_000);

  it('is plain SQL: a reader without the writer lock applies it', async () => {
    const { db } = await schema7Archive();
    expect(migrate(db, MIGRATIONS)).toEqual([8]);
    expect(schemaVersion(db)).toBe(8);
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'digests' ORDER BY name").pluck().all();
    expect(triggers).toEqual(['digest_facts_after_delete', 'digest_facts_after_insert', 'digest_facts_after_update']);
  }, 60_000);
});
