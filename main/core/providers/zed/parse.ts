/**
 * Parses Zed's `threads.db`: every row of its `threads` table is one agent thread and becomes
 * one conversation (threads first, then the subagent threads they started). A row that cannot
 * be decoded or read still becomes a conversation, with its title, times and the reason as a
 * warning, so nothing in the store goes unmentioned. README.md has the format.
 */
import type { Conversation, ParseWarning } from '../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../kit/identity';
import { isObject, isoFromText, obj, shortError, str } from '../kit/json';
import { parseJsonDocument } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';
import { threadJson } from './decode';
import { readThreadRows, type ThreadRow } from './rows';
import { threadMessages } from './thread';
import { parseZedTextThread, TEXT_THREAD_SUFFIX } from './text-thread';

export async function parseZedThreads(ctx: ParseContext): Promise<Conversation[]> {
  if (ctx.path.endsWith(TEXT_THREAD_SUFFIX)) return parseZedTextThread(ctx);
  const { rows } = readThreadRows(ctx.path);
  // An unopenable database has no thread to carry a warning; it is retried next sync.
  const conversations = rows.map((row) => threadConversation(ctx, row));
  return [...conversations.filter((c) => !c.parentId), ...conversations.filter((c) => c.parentId)];
}

function threadConversation(ctx: ParseContext, row: ThreadRow): Conversation {
  const warnings: ParseWarning[] = [];
  const decoded = threadJson(row.dataType, row.data);
  let thread: Record<string, unknown> = {};
  if ('problem' in decoded) warnings.push({ message: `Thread ${row.id}: ${decoded.problem}` });
  else {
    try {
      const doc = parseJsonDocument(decoded.text, (line, message) => warnings.push({ line, message: `Thread ${row.id}: ${message}` }));
      if (isObject(doc)) thread = doc;
      else warnings.push({ message: `Thread ${row.id}: its data is not a JSON object; not read` });
    } catch (error) {
      warnings.push({ message: `Thread ${row.id}: unreadable thread JSON (${shortError(error)})` });
    }
  }
  const modelInfo = obj(thread.model);
  const model = str(modelInfo?.model);
  const { messages, firstPrompt, unknown } = threadMessages(thread, model);
  if (unknown.size) warnings.push({ message: `Unknown Zed thread content kept as generic parts: ${[...unknown].sort().join(', ')}` });

  const subagent = obj(thread.subagent_context);
  const parent = row.parentId ?? str(subagent?.parent_thread_id);
  if (parent) {
    // A subagent's messages are its parent's: the task first, then what the parent sent it on
    // resuming it (spawn_agent_tool.rs resume_subagent → send), not something the person typed.
    let first = true;
    for (const m of messages) {
      if (m.role !== 'user') continue;
      m.role = 'system';
      m.kind = first ? 'subagent-task' : 'parent-message';
      first = false;
    }
  }
  const title = [row.summary, str(thread.title), str(thread.summary)].find((t) => t?.trim()) ?? (parent ? undefined : firstPrompt);
  return seedConversation(
    { agent: 'zed', nativeId: row.id, ctx, cwd: firstFolder(row), models: model ? [model] : [], warnings, messages },
    {
      title: titleFrom(title),
      startedAt: isoFromText(row.createdAt),
      endedAt: isoFromText(row.updatedAt ?? str(thread.updated_at)),
      parentId: parent ? conversationId('zed', parent) : undefined,
      relation: parent ? 'subagent' : undefined,
      parentToolCallId: str(subagent?.tool_use_id),
    },
  );
}

/**
 * The project folder the thread was created against: `folder_paths` holds the paths sorted,
 * one a line, and `folder_paths_order` the position each had when given (util::path_list).
 */
function firstFolder(row: ThreadRow): string | undefined {
  if (!row.folderPaths) return undefined;
  const paths = row.folderPaths.split('\n');
  const order = (row.folderPathsOrder ?? '').split(',').map(Number);
  const first = order.length === paths.length ? order.indexOf(0) : 0;
  return paths[first >= 0 ? first : 0] || undefined;
}

