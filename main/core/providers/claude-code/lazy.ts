/**
 * A huge session file (main/core/README.md, "One huge session file"): read once for its structure —
 * which records become which messages, their order, branches, usage, titles and warnings — by
 * the same ParseState as any file, but each message's body (parts and native line) is left in
 * the file, noted by byte range, and read again when the writer, the indexer or the digest asks
 * for it (kit/line-bodies.ts). The conversations are the ones `parseClaudeCode` gives, with the
 * messages' metadata alone in memory.
 */
import type { Conversation, Message, Part } from '../../../../shared/record';
import { type BodyPiece, type BodyPlaces, BodyReader, type MessageBody, readLineAt, SourceChangedError } from '../kit/line-bodies';
import type { ParseContext } from '../kit/provider';
import { assemble } from './assemble';
import { ParseState } from './parse';

export async function parseClaudeCodeLarge(ctx: ParseContext): Promise<Conversation[]> {
  const { conversations, bodies, subagentFile } = await readStructure(ctx);
  const reader = new BodyReader((m) => bodyOf(ctx.path, subagentFile, m, bodies.pieces(m.id)));
  for (const c of conversations) {
    for (let i = 0; i < c.messages.length; i += 1) if (bodies.has(c.messages[i].id)) c.messages[i] = reader.lazy(c.messages[i]);
  }
  return conversations;
}

/**
 * The read itself. Only what it returns outlives it: the state's builders (the messages as read),
 * uuid sets and maps are let go before the lazy messages are made.
 */
async function readStructure(ctx: ParseContext): Promise<{ conversations: Conversation[]; bodies: BodyPlaces; subagentFile: boolean | undefined }> {
  const state = new ParseState(ctx.path, true);
  for await (const line of ctx.lines()) state.line(line);
  return { conversations: assemble(state, ctx), bodies: state.bodies!, subagentFile: state.subagentFile };
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
