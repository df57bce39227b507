/** A kimi-cli context file as a conversation: identity, work dir, title and times around it. */
import path from 'node:path';
import type { Conversation, Message } from '../../../../shared/record';
import { conversationId, subConversationId } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import type { Identity, KimiBuilder } from './builder';
import { readContext } from './context';
import { modifiedAt, titleFor, toolCallMentioning, wireSpan, workDirFor } from './meta';
import type { KimiFile } from './names';
import { commandMessage, placeCommands, typedTurns } from './typed-turns';

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
  if (file.sessionDir && file.role !== 'subagent') await typedApart(ctx, builder, file.role === 'main');
  return [builder.finish(id)];
}

/**
 * The commands the person typed that this file (the session's current context or a rotated one)
 * holds no message of, from the session's wire log (typed-turns.ts), put in their place.
 */
async function typedApart(ctx: ParseContext, builder: KimiBuilder, current: boolean): Promise<void> {
  const { turns, broken } = await typedTurns(ctx.sibling(path.join(path.dirname(ctx.path), 'wire.jsonl')));
  for (const lineNo of broken) builder.warn(undefined, `wire.jsonl line ${lineNo}: not JSON, skipped`);
  const inserts = placeCommands(builder.messages, turns, partsText, current, builder.copies);
  if (inserts.length === 0) return;
  const at = new Map<number, Message[]>();
  for (const { before, turn } of inserts) at.set(before, [...(at.get(before) ?? []), commandMessage(turn)]);
  const end = builder.messages.length;
  const merged = [...builder.messages.flatMap((m, i) => [...(at.get(i) ?? []), m]), ...(at.get(end) ?? [])];
  builder.messages.splice(0, end, ...merged);
}

/** A message's text parts, one a line (as a TurnBegin's parts are joined). */
const partsText = (m: Message) => m.parts.map((p) => (p.type === 'text' ? p.content : '')).filter(Boolean).join('\n');
