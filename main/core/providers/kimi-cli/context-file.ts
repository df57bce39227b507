/** A kimi-cli context file as a conversation: identity, work dir, title and times around it. */
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { conversationId, subConversationId } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import type { Identity } from './builder';
import { readContext } from './context';
import { modifiedAt, titleFor, toolCallMentioning, wireSpan, workDirFor } from './meta';
import type { KimiFile } from './names';

type ContextFile = Extract<KimiFile, { format: 'context' }>;

export async function parseContextFile(ctx: ParseContext, file: ContextFile): Promise<Conversation[]> {
  const { builder, sawLine } = await readContext(ctx);
  if (!sawLine) return [];
  if (file.role === 'subagent') builder.markSubagentTask();
  const sid = file.sessionId;
  const id: Identity =
    file.role === 'main'
      ? { id: conversationId('kimi-cli', sid), nativeId: sid }
      : { id: subConversationId('kimi-cli', sid, file.childKey!), nativeId: `${sid}.${file.childKey}` };
  if (file.role === 'subagent') {
    id.parentId = conversationId('kimi-cli', sid);
    if (file.parentFile && path.basename(ctx.path) !== 'context.jsonl') id.parentToolCallId = await toolCallMentioning(ctx.sibling(file.parentFile), path.basename(ctx.path));
  }
  id.cwd = await workDirFor(file.hashDir);
  if (file.role === 'main') id.title = await titleFor(file.sessionDir, file.hashDir, sid);
  // Context lines carry no time; the session's wire log does (current layout), else the file's mtime.
  const wire = file.role !== 'rotated' ? path.join(path.dirname(ctx.path), 'wire.jsonl') : undefined;
  const span = file.sessionDir && wire ? await wireSpan(wire) : {};
  if (span.start) id.startedAt = span.start;
  id.endedAt = span.end ?? (await modifiedAt(ctx.path));
  return [builder.finish(id)];
}
