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
 * Conversations that touched `path`: `absolute` exactly, or, when the person typed a relative
 * path, any recorded path ending in it (`src/a.ts` finds `/work/repo/src/a.ts` in every checkout).
 */
export function conversationsTouching(db: IndexDb, absolute: string, typed: string = absolute): FilesAnswer {
  const relative = !typed.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(typed);
  const suffix = `%/${typed.replace(/^\.\//, '').replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  const rows = db
    .prepare(`${SELECT} WHERE json_extract(f.value, '$.path') = ? ${relative ? "OR json_extract(f.value, '$.path') LIKE ? ESCAPE '\\'" : ''} ORDER BY startedAt DESC, conversationId`)
    .all(...(relative ? [absolute, suffix] : [absolute])) as Row[];
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
