/**
 * A huge session file (main/core/README.md, "One huge session file"): read once for its structure —
 * which records become which messages, their order, branches, usage, titles and warnings — by
 * the same ParseState as any file, but each message's body (parts and native line) is left in
 * the file, noted by byte range, and read again when the writer, the indexer or the digest asks
 * for it (kit/line-bodies.ts). The conversations are the ones `parseClaudeCode` gives, with the
 * messages' metadata alone in memory. Only what `assemble` returns outlives the read: the state's
 * builders, uuid sets and maps are let go with it.
 */
import type { Conversation, Message, Part } from '../../../../shared/record';
import { type BodyPiece, type BodyPlaces, BodyReader, type MessageBody, readLineAt, SourceChangedError } from '../kit/line-bodies';
import type { ParseContext } from '../kit/provider';
import { assemble } from './assemble';
import { ParseState } from './parse';

export async function parseClaudeCodeLarge(ctx: ParseContext): Promise<Conversation[]> {
  // Filled once the read is over (bodies are read again only after it); not the state itself,
  // which the readers would then keep with all its maps.
  const file: { bodies?: BodyPlaces; subagentFile?: boolean } = {};
  const reader = new BodyReader((message, body) => bodyOf(ctx.path, file.subagentFile, message, file.bodies!.pieces(body)));
  const state = new ParseState(ctx.path, (message, body) => reader.lazy(message, body));
  for await (const line of ctx.lines()) state.line(line);
  state.bodies!.trim();
  file.bodies = state.bodies;
  file.subagentFile = state.subagentFile;
  // The builders make each message lazy as they resolve its links (ConversationBuilder.resolvedMessages).
  return assemble(state, ctx);
}

/** A message's body, made again from its lines by a fresh ParseState of the same file kind (as the first read made it). */
function bodyOf(filePath: string, subagentFile: boolean | undefined, message: Message, pieces: readonly BodyPiece[]): MessageBody {
  const scratch = new ParseState(filePath);
  scratch.subagentFile = subagentFile;
  if (subagentFile) scratch.main.subagent = true;
  const inMemory: MessageBody[] = [];
  for (const piece of pieces) {
    if ('parts' in piece) inMemory.push(piece);
    else scratch.line(readLineAt(filePath, piece));
  }
  const made = [...scratch.main.messages, ...[...scratch.sidechains.values()].flatMap((b) => b.messages)];
  if (made[0]?.id !== message.id) throw new SourceChangedError(`${filePath} changed while it was archived: line ${'lineNo' in pieces[0] ? pieces[0].lineNo : '?'} no longer holds message ${message.id}; sync again`);
  const all = [...made, ...inMemory];
  const parts: Part[] = all.flatMap((m) => m.parts);
  const natives = all.flatMap((m) => (m.native === undefined ? [] : [m.native]));
  return natives.length ? { parts, native: natives.join('\n') } : { parts };
}
