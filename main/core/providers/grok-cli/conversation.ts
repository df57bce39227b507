/**
 * A Grok CLI session as one conversation: the transcript read from either of its logs, plus
 * what `summary.json` and `system_prompt.txt` beside it say (session-files.ts).
 */
import type { Conversation, Message, ParseWarning } from '../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import type { SessionInfo } from './session-files';

/** What either log of a session (chat_history.jsonl or updates.jsonl) was read into. */
export interface GrokTranscript {
  readonly messages: Message[];
  readonly warnings: ParseWarning[];
  readonly models: Set<string>;
  /** The first prompt the person typed, for the title when summary.json has none. */
  firstPrompt?: string;
  /** The log has the system prompt itself (system_prompt.txt is not added then). */
  readonly sawSystem?: boolean;
}

/** The conversation of one session: its transcript plus what summary.json and system_prompt.txt say. */
export function grokConversation(ctx: ParseContext, info: SessionInfo, t: GrokTranscript): Conversation {
  const { messages, warnings, models } = t;
  let firstPrompt = t.firstPrompt;
  if (info.systemPrompt?.trim() && !t.sawSystem) {
    messages.unshift({ id: 'system_prompt', role: 'system', kind: 'system-prompt', parts: [{ type: 'text', content: info.systemPrompt }], native: info.systemPrompt, source: 0 });
  }
  if (info.isSubagent) {
    const task = messages.find((m) => m.role === 'user');
    if (task) {
      task.role = 'system';
      task.kind = 'subagent-task';
    }
    firstPrompt = undefined;
  }
  if (info.model) models.add(info.model);

  const nativeId = info.id ?? sessionIdFromPath(ctx.path);
  const c = seedConversation({
    agent: 'grok-cli',
    nativeId,
    ctx,
    cwd: info.cwd,
    models,
    warnings,
    messages,
  });
  if (info.gitBranch) c.gitBranch = info.gitBranch;
  const title = info.title?.trim() ? titleFrom(info.title) : titleFrom(firstPrompt);
  if (title) c.title = title;
  const stamps = messages.flatMap((m) => (m.timestamp ? [m.timestamp] : [])).sort();
  const started = info.createdAt ?? stamps[0];
  const ended = info.updatedAt ?? stamps.at(-1);
  if (started) c.startedAt = started;
  if (ended) c.endedAt = ended;
  if (info.isSubagent && info.parentId) Object.assign(c, { parentId: conversationId('grok-cli', info.parentId), relation: 'subagent' });
  return c;
}

/** `sessions/<cwd>/<session id>/<log>` → the session id. */
export function sessionIdFromPath(filePath: string): string {
  const parts = filePath.split(/[\\/]/);
  return parts.length >= 2 ? parts[parts.length - 2] : filePath;
}
