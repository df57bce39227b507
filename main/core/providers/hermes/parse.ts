/**
 * Parses a Hermes Agent `state.db`: every `sessions` row becomes a conversation (subagent
 * sessions after the sessions that started them). A subagent (delegate) session — one with a
 * parent that is neither a compression continuation, a /branch nor a reset (hermes_state_common
 * `_ephemeral_child_sql`) — is linked to its parent and its task shown as the parent's; a
 * compression continuation is linked to the session it continues. README.md has the format.
 */
import type { Conversation, Message, ParseWarning, Usage } from '../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../kit/identity';
import { isObject, isoFromEpoch, str } from '../kit/json';
import { tryParseJson } from '../kit/parse-json';
import { positiveCount, usageOf } from '../kit/usage';
import type { ParseContext } from '../kit/provider';
import { rowMessages } from './messages';
import { readHermesStore, type HermesSession, type Row } from './store';

export async function parseHermes(ctx: ParseContext): Promise<Conversation[]> {
  const { sessions } = readHermesStore(ctx.path);
  // An unopenable database has no session to carry a warning; it is retried next sync.
  const byId = new Map(sessions.map((s) => [String(s.row.id), s.row]));
  const conversations = sessions.map((s) => sessionConversation(ctx, s, byId));
  return [...conversations.filter((c) => !c.parentId), ...conversations.filter((c) => c.parentId)];
}

function sessionConversation(ctx: ParseContext, session: HermesSession, byId: ReadonlyMap<string, Row>): Conversation {
  const { row } = session;
  const warnings: ParseWarning[] = [];
  const model = str(row.model);
  const { messages, firstPrompt, unknown } = rowMessages(session.messages, model);
  if (unknown.size) warnings.push({ message: `Unknown Hermes message roles kept as generic messages: ${[...unknown].sort().join(', ')}` });
  if (session.systemPrompt?.trim()) {
    const prompt: Message = { id: 'system_prompt', role: 'system', kind: 'system-prompt', parts: [{ type: 'text', content: session.systemPrompt }], native: session.systemPrompt, source: 0 };
    messages.unshift(prompt);
  }
  const parentId = str(row.parent_session_id);
  const subagent = parentId !== undefined && isSubagent(row, byId.get(parentId));
  // Hermes lists a compression chain as one session (its root); here each part links to the one it continues.
  const continuation = parentId !== undefined && !subagent && isContinuation(row, parentId, byId.get(parentId));
  if (subagent) {
    const task = messages.find((m) => m.role === 'user');
    if (task) {
      task.role = 'system';
      task.kind = 'subagent-task';
    }
  }
  const c = seedConversation(
    { agent: 'hermes', nativeId: String(row.id), ctx, cwd: str(row.cwd), models: model ? [model] : [], warnings, messages },
    {
      title: titleFrom(str(row.title) ?? str(row.display_name) ?? (subagent ? undefined : firstPrompt)),
      startedAt: isoFromEpoch(row.started_at),
      endedAt: isoFromEpoch(row.ended_at),
      gitBranch: str(row.git_branch),
      usage: hermesUsage(row),
      parentId: subagent || continuation ? conversationId('hermes', parentId!) : undefined,
      relation: subagent ? 'subagent' : continuation ? 'continuation' : undefined,
    },
  );
  return c;
}

/** A parent that is not this session's earlier self (compression), its branch point or its reset. */
function isSubagent(row: Row, parent: Row | undefined): boolean {
  const config = tryParseJson(str(row.model_config));
  const markers = isObject(config) ? config : {};
  if (markers._branched_from !== undefined || markers._reset_from !== undefined) return false;
  if (markers._delegate_from !== undefined) return true;
  if (!parent) return false;
  return !['compression', 'branched', 'session_reset', 'session_switch', 'idle', 'daily', 'suspended', 'resume_pending_expired', 'new_session'].includes(str(parent.end_reason) ?? '');
}

/**
 * A compression continuation (hermes_state_common `_COMPRESSION_CHILD_SQL`, less what
 * `_non_continuation_child_sql` rejects): its parent ended by compression, it is no branch,
 * delegate or reset of that parent (markers naming another row are inherited), and no tool session.
 */
function isContinuation(row: Row, parentId: string, parent: Row | undefined): boolean {
  if (str(parent?.end_reason) !== 'compression' || str(row.source) === 'tool') return false;
  const config = tryParseJson(str(row.model_config));
  const markers = isObject(config) ? config : {};
  return ['_branched_from', '_delegate_from', '_reset_from'].every((marker) => str(markers[marker]) !== parentId);
}

/** Hermes stores 0 for a count it never had: those are left out. */
function hermesUsage(row: Row): Usage | undefined {
  return usageOf({
    inputTokens: positiveCount(row.input_tokens),
    outputTokens: positiveCount(row.output_tokens),
    cacheReadTokens: positiveCount(row.cache_read_tokens),
    cacheWriteTokens: positiveCount(row.cache_write_tokens),
    reasoningTokens: positiveCount(row.reasoning_tokens),
  });
}
