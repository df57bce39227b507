/**
 * `digest_facts` (index.db migration 008) follows `digests` by triggers, whatever writes it: the
 * real fixtures stored through the writer (their digests written by its follower), then digests
 * replaced (a newer digest, a version-1 one), renamed (as migration 006 does), replaced by
 * INSERT OR REPLACE, deleted one by one and in bulk, and damaged by hand. After each, the
 * timeline, usage and plans reads give what json_extract over every digest gives.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentId } from '../shared/agents';
import { type FollowedWriter, openArchiveWriter } from '../main/core/access/open-writer';
import { writeConnectionOf } from '../main/core/archive/index-store/handle';
import { fileParseContext } from '../main/core/capture/parse-context';
import { providerFor } from '../main/core/providers/registry';
import type { Digest } from '../main/core/retention/digest';
import { writeDigest } from '../main/core/retention/digest-store';
import { readsFromDigests, readsFromFacts } from './digest-facts-oracle';
import { readProvenance } from './provenance';

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-digest-facts-'));
let writer: FollowedWriter;
let db: Database.Database;
afterAll(() => {
  writer?.close();
  rmSync(root, { recursive: true, force: true });
});

const factIds = () => db.prepare('SELECT conversation_id FROM digest_facts ORDER BY conversation_id').pluck().all() as string[];
const digestIds = () => db.prepare('SELECT conversation_id FROM digests ORDER BY conversation_id').pluck().all() as string[];
const digestOf = (id: string) => JSON.parse(db.prepare('SELECT data FROM digests WHERE conversation_id = ?').pluck().get(id) as string) as Digest;

/** The facts agree with the digests: every read, row for row. */
function expectFactsFollowDigests(): void {
  const facts = readsFromFacts(db);
  const digests = readsFromDigests(db);
  expect(facts.timeline).toEqual(digests.timeline);
  expect(facts.usage).toEqual(digests.usage);
  expect(facts.plans).toEqual(digests.plans);
}

beforeAll(async () => {
  writer = openArchiveWriter(root);
  for (const f of readProvenance()) {
    const provider = providerFor(f.agentSection as AgentId);
    if (!provider) continue;
    const info = statSync(f.absPath);
    const conversations = await provider.parse(fileParseContext(f.absPath));
    await writer.store([{ path: f.absPath, agent: provider.agent, instance: 'host', size: info.size, mtimeMs: info.mtimeMs, readOffset: info.size, conversations }]);
  }
  await writer.follow.settle();
  db = writeConnectionOf(writer.db);
}, 120_000);

describe('digest_facts', () => {
  it('holds a row per digest the writer stored, equal to json_extract over it (plans, file touches, usage buckets included)', () => {
    expect(digestIds().length).toBeGreaterThan(29);
    expect(factIds()).toEqual(digestIds());
    const reads = readsFromFacts(db);
    expect(reads.plans.length).toBeGreaterThan(5);
    expect(reads.timeline.some((r) => (r as { files: string | null }).files !== '[]')).toBe(true);
    expect(reads.usage.some((r) => (r as { buckets: string | null }).buckets !== '[]')).toBe(true);
    expectFactsFollowDigests();
  });

  it('follows a digest replaced by a newer one and by a version-1 one (usage and file names only)', () => {
    const [a, b, c] = digestIds();
    const other = digestOf(b!);
    writeDigest(writer.db, { ...other, conversationId: a!, title: 'replaced', plans: [] }, 99, '2026-11-24T00:00:00.000Z');
    const { usageBuckets: _b, fileTouches: _f, plans: _p, ...v1 } = digestOf(c!);
    writeDigest(writer.db, { ...v1, version: 1, usage: { inputTokens: 7, outputTokens: 3 }, filesTouched: ['/a/b.ts'] } as Digest, 99, '2026-11-24T00:00:00.000Z');
    const usage = readsFromFacts(db).usage as { id: string; title: string | null; buckets: string | null; usage: string | null }[];
    expect(usage.find((r) => r.id === a)?.title).toBe('replaced');
    expect(usage.find((r) => r.id === c)).toMatchObject({ buckets: null, usage: '{"inputTokens":7,"outputTokens":3}' });
    expectFactsFollowDigests();
  });

  it('follows a digest renamed, replaced by INSERT OR REPLACE, its outcome changed', () => {
    const [, , , d, e, f] = digestIds();
    db.prepare("UPDATE digests SET conversation_id = 'renamed_' || conversation_id WHERE conversation_id = ?").run(d);
    db.prepare('INSERT OR REPLACE INTO digests (conversation_id, version, revision, analyzed_at, outcome, bytes, data) SELECT ?, version, revision, analyzed_at, outcome, bytes, data FROM digests WHERE conversation_id = ?').run(e, f);
    db.prepare("UPDATE digests SET outcome = 'fail' WHERE conversation_id = ?").run(f);
    expect(factIds()).toContain(`renamed_${d}`);
    expect(factIds()).not.toContain(d);
    expect((readsFromFacts(db).timeline as { id: string; outcome: string }[]).find((r) => r.id === f)?.outcome).toBe('fail');
    expect(factIds()).toEqual(digestIds());
    expectFactsFollowDigests();
  });

  it('follows digests deleted, one and in bulk', () => {
    const [g] = digestIds().slice(-1);
    db.prepare('DELETE FROM digests WHERE conversation_id = ?').run(g);
    expect(factIds()).not.toContain(g);
    expect(factIds().filter((id) => id.startsWith('codex_')).length).toBeGreaterThan(1);
    db.prepare("DELETE FROM digests WHERE conversation_id LIKE 'codex_%'").run();
    expect(factIds().some((id) => id.startsWith('codex_'))).toBe(false);
    expect(factIds()).toEqual(digestIds());
    expectFactsFollowDigests();
  });

  it('leaves out a digest that is not JSON (damaged by hand) without failing the write or the reads', () => {
    const [h] = digestIds();
    db.prepare("UPDATE digests SET data = '{not json' WHERE conversation_id = ?").run(h);
    expect(factIds()).toEqual(digestIds().filter((id) => id !== h));
    expectFactsFollowDigests();
    // Replaced whole by a damaged one (INSERT OR REPLACE fires no delete trigger): its facts go too.
    const [, k] = digestIds().filter((id) => id !== h);
    db.prepare("INSERT OR REPLACE INTO digests (conversation_id, version, revision, analyzed_at, outcome, bytes, data) SELECT conversation_id, version, revision, analyzed_at, outcome, 1, '{broken' FROM digests WHERE conversation_id = ?").run(k);
    expect(factIds()).toEqual(digestIds().filter((id) => id !== h && id !== k));
    expectFactsFollowDigests();
    db.prepare('DELETE FROM digests').run();
    expect(factIds()).toEqual([]);
  });
});
