/**
 * Files and the conversations that touched them, from the digests (so the answer outlives the
 * threads): every conversation whose tool calls read, edited, wrote, patched or deleted a path,
 * or every path one conversation touched.
 */
import type { AgentId } from '../../../shared/agents';
import type { FileTouchEntry, FilesAnswer } from '../../../shared/files';
import type { FileAction } from '../../../shared/tool-files';
import type { IndexDb } from '../archive/db';

interface Row {
  conversationId: string;
  agent: AgentId;
  workspace: string;
  title: string | null;
  firstPrompt: string | null;
  startedAt: string | null;
  gitBranch: string | null;
  path: string;
  actions: string;
  calls: number;
}

const SELECT = `SELECT d.conversation_id AS conversationId, json_extract(d.data, '$.agent') AS agent, json_extract(d.data, '$.workspace') AS workspace,
  json_extract(d.data, '$.title') AS title, json_extract(d.data, '$.firstPrompt') AS firstPrompt, json_extract(d.data, '$.startedAt') AS startedAt,
  json_extract(d.data, '$.gitBranch') AS gitBranch, json_extract(f.value, '$.path') AS path, json_extract(f.value, '$.actions') AS actions,
  json_extract(f.value, '$.calls') AS calls
  FROM digests d, json_each(d.data, '$.fileTouches') f`;

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
  return { sql: `SELECT d.conversation_id FROM digests d, json_each(d.data, '$.fileTouches') f WHERE ${c.sql}`, params: c.params };
}

/** Conversations that touched `path` (see pathCondition), newest first. */
export function conversationsTouching(db: IndexDb, absolute: string, typed: string = absolute): FilesAnswer {
  const c = pathCondition("json_extract(f.value, '$.path')", absolute, typed);
  const rows = db.prepare(`${SELECT} WHERE ${c.sql} ORDER BY startedAt DESC, conversationId`).all(...c.params) as Row[];
  return { query: { path: absolute }, entries: rows.map(entry) };
}

/** Every file one conversation touched, in the order first touched. */
export function filesOfConversation(db: IndexDb, conversationId: string): FilesAnswer {
  const rows = db.prepare(`${SELECT} WHERE d.conversation_id = ? ORDER BY f.key`).all(conversationId) as Row[];
  return { query: { conversationId }, entries: rows.map(entry) };
}

function entry(r: Row): FileTouchEntry {
  return {
    conversationId: r.conversationId,
    agent: r.agent,
    workspace: r.workspace,
    title: r.title ?? r.firstPrompt?.split('\n')[0]?.slice(0, 120) ?? r.conversationId,
    startedAt: r.startedAt ?? undefined,
    gitBranch: r.gitBranch ?? undefined,
    path: r.path,
    actions: JSON.parse(r.actions) as FileAction[],
    calls: r.calls,
  };
}
