/**
 * What the Antigravity CLI keeps about a conversation beside its transcript, read where its shape
 * is known (README.md): the title from `conversation_summaries.db` (a picker index: one table
 * with `conversation_id` and `title` columns, opened read-only; it lags, so a conversation may
 * be missing), the workspace from `cache/last_conversations.json` (`{"<cwd>": "<id>"}`, only the
 * newest conversation of each workspace) else from `history.jsonl` lines `{conversationId, workspace}`, the Markdown artifacts (plans) in `brain/<id>/`, and the
 * parent of a subagent (the parent's `subagents/<id>.json`).
 * Any of them missing or unreadable leaves that field to the transcript.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isObject, str, tryParse } from '../kit/json';
import { readStore } from '../kit/read-store';

export interface SideInfo {
  readonly title?: string;
  readonly cwd?: string;
  readonly artifacts: readonly Artifact[];
  /** The conversation that started this one as a subagent. */
  readonly parentId?: string;
}

export interface Artifact {
  readonly name: string;
  readonly path: string;
  readonly text: string;
  readonly modifiedAt: string;
}

export function readSideInfo(root: string, id: string): SideInfo {
  return { title: summaryTitle(root, id), cwd: workspaceOf(root, id), artifacts: artifactsOf(root, id), parentId: parentOf(root, id) };
}

/**
 * A subagent's parent keeps a record of it, `brain/<parent>/.system_generated/subagents/<child
 * id>.json` (its content is not read: only its name is known from the sources).
 */
function parentOf(root: string, id: string): string | undefined {
  const brain = path.join(root, 'brain');
  let conversations: string[];
  try {
    conversations = readdirSync(brain);
  } catch {
    return undefined;
  }
  return conversations.find((parent) => parent !== id && existsSync(path.join(brain, parent, '.system_generated', 'subagents', `${id}.json`)));
}

function summaryTitle(root: string, id: string): string | undefined {
  return readStore(
    path.join(root, 'conversation_summaries.db'),
    (db) => {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of tables) {
        const columns = new Set((db.prepare(`PRAGMA table_info(${JSON.stringify(name)})`).all() as { name: string }[]).map((c) => c.name));
        if (!columns.has('conversation_id') || !columns.has('title')) continue;
        const row = db.prepare(`SELECT title FROM ${JSON.stringify(name)} WHERE conversation_id = ?`).get(id) as { title?: unknown } | undefined;
        const title = str(row?.title)?.trim();
        if (title) return title;
      }
      return undefined;
    },
    undefined,
  );
}

function workspaceOf(root: string, id: string): string | undefined {
  return lastConversationsCwd(root, id) ?? historyCwd(root, id);
}

function lastConversationsCwd(root: string, id: string): string | undefined {
  let map: unknown;
  try {
    map = tryParse(readFileSync(path.join(root, 'cache', 'last_conversations.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(map)) return undefined;
  return Object.entries(map).find(([cwd, conversation]) => cwd && conversation === id)?.[0];
}

/**
 * The prompt history, one line per prompt: builds that record `conversationId` beside
 * `workspace` name the folder of older conversations too (others write `{display, ts,
 * workspace}` only, which names none).
 */
function historyCwd(root: string, id: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(root, 'history.jsonl'), 'utf8');
  } catch {
    return undefined;
  }
  if (!text.includes(id)) return undefined;
  for (const line of text.split('\n')) {
    if (!line.includes(id)) continue;
    const entry = tryParse(line);
    if (isObject(entry) && entry.conversationId === id && str(entry.workspace)) return str(entry.workspace);
  }
  return undefined;
}

function artifactsOf(root: string, id: string): Artifact[] {
  const dir = path.join(root, 'brain', id);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /\.md$/i.test(n)).sort();
  } catch {
    return [];
  }
  const out: Artifact[] = [];
  for (const name of names) {
    try {
      const file = path.join(dir, name);
      const stat = statSync(file);
      if (stat.isFile()) out.push({ name, path: file, text: readFileSync(file, 'utf8'), modifiedAt: stat.mtime.toISOString() });
    } catch {
      // gone or unreadable since the listing: the transcript is still read
    }
  }
  return out;
}
