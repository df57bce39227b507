/**
 * What the timeline, usage and plans reads gave before `digest_facts` (index.db migration 008):
 * the same rows by json_extract over every `digests.data`, verbatim. Tests compare the reads of
 * main/core/archive/index-store/read-digest-facts.ts with it, on archives the tests build.
 */
import type Database from 'better-sqlite3';
import { asReadable } from '../main/core/archive/index-store/handle';
import { planDigestRows, timelineDigestRows, usageDigestRows } from '../main/core/archive/index-store/read-digest-facts';

const TIMELINE = `SELECT conversation_id AS id, json_extract(data, '$.agent') AS agent, json_extract(data, '$.workspace') AS workspace,
  json_extract(data, '$.instance') AS instance, json_extract(data, '$.cwd') AS cwd, json_extract(data, '$.gitBranch') AS branch,
  json_extract(data, '$.title') AS title, json_extract(data, '$.firstPrompt') AS firstPrompt, json_extract(data, '$.startedAt') AS startedAt,
  json_extract(data, '$.endedAt') AS endedAt, outcome, json_extract(data, '$.counts.prompts') AS prompts,
  json_extract(data, '$.parentId') AS parentId, json_extract(data, '$.fileTouches') AS files,
  json_extract(data, '$.filesTouched') AS legacyFiles
  FROM digests WHERE json_valid(data) ORDER BY conversation_id`;

const USAGE = `SELECT conversation_id AS id, json_extract(data, '$.agent') AS agent, json_extract(data, '$.workspace') AS workspace,
  json_extract(data, '$.title') AS title, json_extract(data, '$.firstPrompt') AS firstPrompt,
  json_extract(data, '$.startedAt') AS startedAt, json_extract(data, '$.parentId') AS parentId,
  json_extract(data, '$.usageBuckets') AS buckets, json_extract(data, '$.usage') AS usage, json_extract(data, '$.model') AS model
  FROM digests WHERE json_valid(data) ORDER BY conversation_id`;

const PLANS = `SELECT d.conversation_id AS conversationId, json_extract(d.data, '$.agent') AS agent, json_extract(d.data, '$.workspace') AS workspace,
  json_extract(d.data, '$.title') AS title, json_extract(d.data, '$.firstPrompt') AS firstPrompt, json_extract(d.data, '$.gitBranch') AS gitBranch,
  p.value AS fact
  FROM digests d, json_each(d.data, '$.plans') p WHERE json_valid(d.data) ORDER BY d.conversation_id, p.key`;

export interface DigestReads {
  readonly timeline: unknown[];
  readonly usage: unknown[];
  readonly plans: unknown[];
}

/** The three reads as json_extract over `digests` gives them (a digest that is not JSON left out, as the facts leave it). */
export function readsFromDigests(db: Database.Database): DigestReads {
  return { timeline: db.prepare(TIMELINE).all(), usage: db.prepare(USAGE).all(), plans: db.prepare(PLANS).all() };
}

/** The three reads as the app makes them (from `digest_facts`). */
export function readsFromFacts(db: Database.Database): DigestReads {
  const index = asReadable(db);
  return { timeline: timelineDigestRows(index), usage: usageDigestRows(index), plans: planDigestRows(index) };
}
