/**
 * Parses a Crush `crush.db` (charmbracelet/crush `internal/db/migrations`): `sessions` (`id`,
 * `parent_session_id`, `title`, `prompt_tokens`, `completion_tokens`, `cost`, `created_at`,
 * `updated_at` in Unix seconds, `summary_message_id`, `todos`) and `messages` (`id`,
 * `session_id`, `role` user/assistant/tool/system, `parts` JSON (parts.ts), `model`,
 * `provider`, `is_summary_message`, `created_at`, `finished_at`). Every session becomes a
 * conversation, main sessions first; a session started by the agent tool (id
 * `<message>$$<tool call>`) or a title session is a child of its `parent_session_id`. Opened
 * read-only and closed before return; a database that cannot be opened yields nothing (retried
 * next sync).
 */
import path from 'node:path';
import { readStore } from '../kit/read-store';
import type { Conversation, Message, ParseWarning } from '../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../kit/identity';
import { isoFromEpoch, num, str, tryParse, type Json } from '../kit/json';
import type { ParseContext } from '../kit/provider';
import { sortParts } from './parts';

/**
 * The prompt Crush sends again after an automatic summary cut a turn short (internal/agent
 * agent.go Run: "…, the initial user request was: `<prompt>`"; or "… while handling background
 * job updates"): stored as a user message, written by Crush.
 */
const CONTINUATION = /^The previous session was interrupted because it got too long\b/;

export async function parseCrush(ctx: ParseContext): Promise<Conversation[]> {
  return readStore(
    ctx.path,
    (db) => {
      const sessions = db.prepare('SELECT * FROM sessions ORDER BY created_at, id').all() as Json[];
      const messagesOf = db.prepare('SELECT * FROM messages WHERE session_id = ? ORDER BY created_at, rowid');
      const built = sessions.map((s) => build(ctx, s, messagesOf.all(String(s.id)) as Json[]));
      return [...built.filter((c) => !c.parentId), ...built.filter((c) => c.parentId)];
    },
    [],
  );
}

function build(ctx: ParseContext, session: Json, rows: readonly Json[]): Conversation {
  const warnings: ParseWarning[] = [];
  const unknown = new Set<string>();
  const models = new Set<string>();
  const messages: Message[] = [];
  const id = String(session.id);
  const parent = str(session.parent_session_id);
  const isChild = !!parent;
  let firstPrompt: string | undefined;
  let taskMarked = false;
  for (const row of rows) {
    const items = tryParse(str(row.parts) ?? (Buffer.isBuffer(row.parts) ? row.parts.toString('utf8') : undefined));
    const { parts: _p, ...columns } = row;
    const native = JSON.stringify({ ...columns, parts: items ?? null });
    if (!Array.isArray(items)) {
      warnings.push({ message: `Message ${String(row.id)}: parts is not a JSON array; skipped` });
      continue;
    }
    const { said, results, stop } = sortParts(items, unknown);
    const timestamp = isoFromEpoch(row.created_at);
    const model = str(row.model);
    const push = (suffix: string, role: Message['role'], parts: Message['parts'], kind?: string): Message => {
      const base = String(row.id);
      const m: Message = { id: suffix ? `${base}#${suffix}` : base, role, parts, native, source: 0 };
      if (timestamp) m.timestamp = timestamp;
      if (kind) m.kind = kind;
      messages.push(m);
      return m;
    };
    const role = str(row.role) ?? '(none)';
    if (row.is_summary_message === 1) push('', 'system', said, 'compaction-summary');
    else if (role === 'user') {
      const text = said.map((p) => (p.type === 'text' ? p.content : '')).join('\n');
      if (CONTINUATION.test(text)) {
        // After an automatic summary cut a turn short, Crush queues the prompt again as its own words.
        push('', 'system', said, 'continuation');
      } else if (isChild && !taskMarked) {
        // The first prompt of a child session is the task the parent agent wrote.
        taskMarked = true;
        push('', 'system', said, 'subagent-task');
      } else {
        if (text.trim()) firstPrompt ??= text;
        push('', 'user', said);
      }
    } else if (role === 'assistant') {
      if (model) models.add(model);
      const m = push('', 'assistant', said);
      if (model) m.model = model;
    } else if (role === 'tool') push('', 'tool', [...results, ...said]);
    else if (role === 'system') push('', 'system', said, 'system');
    else {
      unknown.add(`role:${role}`);
      push('', 'system', said, 'unknown');
    }
    if (role !== 'tool' && results.length) push('results', 'tool', results);
    if (stop) push('stop', 'system', [{ type: 'text', content: stop.text }], stop.kind);
  }
  if (unknown.size) warnings.push({ message: `Unknown Crush part types or roles kept as generic parts: ${[...unknown].sort().join(', ')}` });
  const title = str(session.title)?.trim();
  const input = num(session.prompt_tokens);
  const output = num(session.completion_tokens);
  return seedConversation(
    { agent: 'crush', nativeId: id, ctx, cwd: projectOf(ctx.path), models, warnings, messages },
    {
      title: title ? titleFrom(title) : titleFrom(firstPrompt),
      startedAt: isoFromEpoch(session.created_at) ?? messages[0]?.timestamp,
      endedAt: isoFromEpoch(session.updated_at) ?? messages.at(-1)?.timestamp,
      usage: input || output ? { inputTokens: input ?? 0, outputTokens: output ?? 0 } : undefined,
      parentId: parent ? conversationId('crush', parent) : undefined,
      relation: parent ? 'subagent' : undefined,
      parentToolCallId: id.includes('$$') ? id.split('$$')[1] : undefined,
    },
  );
}

/** `<project>/.crush/crush.db` → the project (not for the server's own workspace under `share/crush`). */
function projectOf(dbPath: string): string | undefined {
  const dataDir = path.dirname(dbPath);
  if (path.basename(dataDir) !== '.crush') return undefined;
  const project = path.dirname(dataDir);
  return path.basename(project) === 'crush' && path.basename(path.dirname(project)) === 'share' ? undefined : project;
}
