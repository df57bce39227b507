/** Maps between index rows and the record's summary shape. */
import type { AgentId } from '../../../shared/agents';
import { type Conversation, type ConversationRelation, CONVERSATION_RELATIONS, type Message, type Usage } from '../../../shared/record';
import type { ArchivedSummary } from '../../../shared/views';

export interface ConversationRow {
  seq: number;
  id: string;
  agent: string;
  native_id: string;
  workspace: string;
  instance: string;
  cwd: string | null;
  git_branch: string | null;
  title: string | null;
  started_at: string | null;
  ended_at: string | null;
  models: string;
  usage: string | null;
  parent_id: string | null;
  parent_tool_call_id: string | null;
  /** Migration 007: how it relates to its parent (NULL: a subagent, or no parent); absent from an archive a writer has not migrated yet. */
  relation?: string | null;
  agent_version: string | null;
  source_path: string;
  sources: string;
  source_deleted: number;
  warning_count: number;
  message_count: number;
  prompt_count: number;
  blob_path: string;
  blob_bytes: number;
  archived_at: string;
  revision: number;
  /** Retention (migration 003): the stage applies only while retention_revision = revision. */
  retention_stage: number;
  retention_revision: number | null;
  pinned: number;
  /** Migration 005: how many times a source dropped or changed what was archived. */
  rewrite_count: number;
  /** Computed by the reader (liveColumn): 1 while a source was written recently. */
  live?: number;
}

export type { ArchivedSummary };

export function summaryFromRow(r: ConversationRow): ArchivedSummary {
  const s: ArchivedSummary = {
    id: r.id,
    agent: r.agent as AgentId,
    nativeId: r.native_id,
    workspace: r.workspace,
    instance: r.instance,
    cwd: r.cwd ?? undefined,
    gitBranch: r.git_branch ?? undefined,
    title: r.title ?? undefined,
    startedAt: r.started_at ?? undefined,
    endedAt: r.ended_at ?? undefined,
    models: JSON.parse(r.models) as string[],
    usage: r.usage ? (JSON.parse(r.usage) as Usage) : undefined,
    parentId: r.parent_id ?? undefined,
    parentToolCallId: r.parent_tool_call_id ?? undefined,
    relation: relationColumn(r.relation),
    agentVersion: r.agent_version ?? undefined,
    sourcePath: r.source_path,
    sources: JSON.parse(r.sources) as string[],
    sourceDeleted: r.source_deleted === 1,
    warnings: [],
    messageCount: r.message_count,
    promptCount: r.prompt_count,
    warningCount: r.warning_count,
    blobBytes: r.blob_bytes,
    archivedAt: r.archived_at,
    retentionStage: r.retention_stage && r.retention_revision === r.revision ? (r.retention_stage as ArchivedSummary['retentionStage']) : undefined,
    pinned: r.pinned === 1 || undefined,
    live: r.live === 1 || undefined,
  };
  for (const key of Object.keys(s) as (keyof ArchivedSummary)[]) if (s[key] === undefined) delete s[key];
  return s;
}

/** The relation column as the record's: a value this build does not know (a newer one wrote it) reads as unset, a subagent. */
export function relationColumn(value: string | null | undefined): ConversationRelation | undefined {
  return CONVERSATION_RELATIONS.find((r) => r === value);
}

/** How recently a source must have been written for its conversations to count as live. */
export const LIVE_WINDOW_MS = 2 * 60 * 1000;

/** SQL for a `live` column of a `conversations` row: one of its sources changed within the window. */
export function liveColumn(now = Date.now()): string {
  const since = Math.trunc(now - LIVE_WINDOW_MS);
  return `EXISTS (SELECT 1 FROM json_each(conversations.sources) j JOIN sources s ON s.path = j.value WHERE s.mtime_ms >= ${since} AND s.missing = 0)`;
}

export function rowValues(c: Conversation, blobPath: string, blobBytes: number, sourceDeleted: boolean) {
  return {
    id: c.id,
    agent: c.agent,
    native_id: c.nativeId,
    workspace: c.workspace,
    instance: c.instance,
    cwd: c.cwd ?? null,
    git_branch: c.gitBranch ?? null,
    title: c.title ?? null,
    started_at: c.startedAt ?? null,
    ended_at: c.endedAt ?? null,
    models: JSON.stringify(c.models),
    usage: c.usage ? JSON.stringify(c.usage) : null,
    parent_id: c.parentId ?? null,
    parent_tool_call_id: c.parentToolCallId ?? null,
    relation: c.relation ?? null,
    agent_version: c.agentVersion ?? null,
    source_path: c.sourcePath,
    sources: JSON.stringify(c.sources),
    source_deleted: sourceDeleted ? 1 : 0,
    warning_count: c.warnings.length,
    rewrite_count: c.rewrites?.length ?? 0,
    message_count: c.messages.length,
    prompt_count: promptCount(c.messages),
    blob_path: blobPath,
    blob_bytes: blobBytes,
    archived_at: new Date().toISOString(),
  };
}

/** A JSON column holding a list of strings (`sources`, a source's `conversation_ids`); anything else reads as empty. */
export function stringListColumn(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** Counted, not filtered: a huge file's messages are made one at a time (claude-code/message-table.ts), never all at once. */
function promptCount(messages: readonly Message[]): number {
  let prompts = 0;
  for (const m of messages) if (m.role === 'user') prompts += 1;
  return prompts;
}
