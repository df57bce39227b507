/**
 * The read store of the files the digests record as touched (`fileTouches`, kept apart from the
 * whole digest in `digest_facts`, migration 008): the conversations that touched a path, the
 * paths one conversation touched, and the same condition as a subquery for search's `file:`
 * filter. A path's conversations are found by reading every conversation's touches, not every
 * whole digest: 300–400 → ~125 ms of CPU at a million messages.
 */
import type { AgentId } from '../../../../shared/agents';
import { connectionOf, type ReadableIndex } from './handle';

export interface FileTouchRow {
  conversationId: string;
  agent: AgentId;
  workspace: string;
  title: string | null;
  firstPrompt: string | null;
  startedAt: string | null;
  gitBranch: string | null;
  path: string;
  /** JSON: the actions (read, edit, …). */
  actions: string;
  calls: number;
}

const SELECT = `SELECT d.conversation_id AS conversationId, d.agent AS agent, d.workspace AS workspace,
  d.title AS title, d.first_prompt AS firstPrompt, d.started_at AS startedAt,
  d.git_branch AS gitBranch, json_extract(f.value, '$.path') AS path, json_extract(f.value, '$.actions') AS actions,
  json_extract(f.value, '$.calls') AS calls
  FROM digest_facts d, json_each(d.file_touches) f`;

/**
 * The SQL condition on a recorded path (`expr`) that `typed` asks for: `absolute` exactly, or,
 * when the person typed a relative path, any recorded path ending in it (`src/a.ts` finds
 * `/work/repo/src/a.ts` in every checkout). One rule for `dejavu files` and search's `file:`.
 */
export function pathCondition(expr: string, absolute: string, typed: string = absolute): { sql: string; params: string[] } {
  const relative = !typed.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(typed);
  if (!relative) return { sql: `${expr} = ?`, params: [absolute] };
  const suffix = `%/${typed.replace(/^\.\//, '').replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  return { sql: `(${expr} = ? OR ${expr} LIKE ? ESCAPE '\\')`, params: [absolute, suffix] };
}

/** Conversations (ids) whose digest records a touch of the path: a subquery for other filters. */
export function touchingSubquery(absolute: string, typed: string = absolute): { sql: string; params: string[] } {
  const c = pathCondition("json_extract(f.value, '$.path')", absolute, typed);
  return { sql: `SELECT d.conversation_id FROM digest_facts d, json_each(d.file_touches) f WHERE ${c.sql}`, params: c.params };
}

/** The touches of `path` (see pathCondition), newest conversation first. */
export function touchesOfPath(index: ReadableIndex, absolute: string, typed: string = absolute): FileTouchRow[] {
  const c = pathCondition("json_extract(f.value, '$.path')", absolute, typed);
  return connectionOf(index).prepare(`${SELECT} WHERE ${c.sql} ORDER BY startedAt DESC, conversationId`).all(...c.params) as FileTouchRow[];
}

/** Every file one conversation touched, in the order first touched. */
export function touchesOfConversation(index: ReadableIndex, conversationId: string): FileTouchRow[] {
  return connectionOf(index).prepare(`${SELECT} WHERE d.conversation_id = ? ORDER BY f.key`).all(conversationId) as FileTouchRow[];
}
