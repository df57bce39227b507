/**
 * The read store of what the digests say, field by field: the rows the timeline, the usage
 * report and the plans list are built from, read from `digest_facts` (migration 008: the fields
 * json_extract gives from `digests.data`, kept in step with it by triggers), so a request reads
 * these fields and not every whole digest. The digest's own type lives in retention/digest.ts;
 * these rows carry its fields as stored.
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
      `SELECT conversation_id AS id, agent, workspace, instance, cwd, git_branch AS branch, title, first_prompt AS firstPrompt,
        started_at AS startedAt, ended_at AS endedAt, outcome, prompts, parent_id AS parentId, file_touches AS files, legacy_files AS legacyFiles
       FROM digest_facts ORDER BY conversation_id`,
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
      `SELECT conversation_id AS id, agent, workspace, title, first_prompt AS firstPrompt, started_at AS startedAt, parent_id AS parentId,
        usage_buckets AS buckets, usage, model
       FROM digest_facts ORDER BY conversation_id`,
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
      `SELECT f.conversation_id AS conversationId, f.agent, f.workspace, f.title, f.first_prompt AS firstPrompt, f.git_branch AS gitBranch,
        p.value AS fact
       FROM digest_facts f, json_each(f.plans) p ORDER BY f.conversation_id, p.key`,
    )
    .all() as PlanDigestRow[];
}
