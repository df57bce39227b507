/**
 * The read store of what the digests say, field by field (json_extract over `digests.data`):
 * the rows the timeline, the usage report and the plans list are built from. The digest's own
 * type lives in retention/digest.ts; these rows carry its fields as stored.
 */
import type { AgentId } from '../../../../shared/agents';
import type { TimelineEntry } from '../../../../shared/timeline';
import { connectionOf, type ReadableIndex } from './handle';

export interface TimelineDigestRow {
  id: string;
  agent: AgentId;
  workspace: string;
  instance: string;
  cwd: string | null;
  branch: string | null;
  title: string | null;
  firstPrompt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  outcome: TimelineEntry['outcome'];
  prompts: number | null;
  parentId: string | null;
  /** JSON: the digest's file touches. */
  files: string | null;
  /** Version-1 digests (kept for an evicted thread) name files without their actions (JSON). */
  legacyFiles: string | null;
}

/** Every digest's timeline fields, by conversation id. */
export function timelineDigestRows(index: ReadableIndex): TimelineDigestRow[] {
  return connectionOf(index)
    .prepare(
      `SELECT conversation_id AS id, json_extract(data, '$.agent') AS agent, json_extract(data, '$.workspace') AS workspace,
        json_extract(data, '$.instance') AS instance, json_extract(data, '$.cwd') AS cwd, json_extract(data, '$.gitBranch') AS branch,
        json_extract(data, '$.title') AS title, json_extract(data, '$.firstPrompt') AS firstPrompt, json_extract(data, '$.startedAt') AS startedAt,
        json_extract(data, '$.endedAt') AS endedAt, outcome, json_extract(data, '$.counts.prompts') AS prompts,
        json_extract(data, '$.parentId') AS parentId, json_extract(data, '$.fileTouches') AS files,
        json_extract(data, '$.filesTouched') AS legacyFiles
       FROM digests ORDER BY conversation_id`,
    )
    .all() as TimelineDigestRow[];
}

export interface UsageDigestRow {
  id: string;
  agent: AgentId;
  workspace: string;
  title: string | null;
  firstPrompt: string | null;
  startedAt: string | null;
  parentId: string | null;
  /** JSON: usage per quarter hour and model. */
  buckets: string | null;
  /** JSON: a version-1 digest's one total. */
  usage: string | null;
  model: string | null;
}

/** Every digest's usage fields, by conversation id. */
export function usageDigestRows(index: ReadableIndex): UsageDigestRow[] {
  return connectionOf(index)
    .prepare(
      `SELECT conversation_id AS id, json_extract(data, '$.agent') AS agent, json_extract(data, '$.workspace') AS workspace,
              json_extract(data, '$.title') AS title, json_extract(data, '$.firstPrompt') AS firstPrompt,
              json_extract(data, '$.startedAt') AS startedAt, json_extract(data, '$.parentId') AS parentId,
              json_extract(data, '$.usageBuckets') AS buckets, json_extract(data, '$.usage') AS usage, json_extract(data, '$.model') AS model
       FROM digests ORDER BY conversation_id`,
    )
    .all() as UsageDigestRow[];
}

export interface PlanDigestRow {
  conversationId: string;
  agent: AgentId;
  workspace: string;
  title: string | null;
  firstPrompt: string | null;
  gitBranch: string | null;
  /** JSON: one plan fact of the digest. */
  fact: string;
}

/** Every plan every digest records, by conversation id then in the digest's order. */
export function planDigestRows(index: ReadableIndex): PlanDigestRow[] {
  return connectionOf(index)
    .prepare(
      `SELECT d.conversation_id AS conversationId, json_extract(d.data, '$.agent') AS agent, json_extract(d.data, '$.workspace') AS workspace,
        json_extract(d.data, '$.title') AS title, json_extract(d.data, '$.firstPrompt') AS firstPrompt, json_extract(d.data, '$.gitBranch') AS gitBranch,
        p.value AS fact
       FROM digests d, json_each(d.data, '$.plans') p ORDER BY d.conversation_id, p.key`,
    )
    .all() as PlanDigestRow[];
}
