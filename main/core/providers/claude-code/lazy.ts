/**
 * A huge session file (main/core/README.md, "One huge session file"): read once for its structure —
 * which records become which messages, their order, branches, usage, titles and warnings — by
 * the same ParseState as any file, but each message goes to a table of numbers (message-table.ts)
 * and its body (parts and native line) is left in the file, noted by byte range, and read again
 * when the writer, the indexer or the digest asks for it (kit/line-bodies.ts). The conversations
 * are the ones `parseClaudeCode` gives; their `messages` are made a row at a time. Only what
 * `assemble` returns outlives the read: the tables, the body places and the uuid pool.
 */
import type { Conversation, Part } from '../../../../shared/record';
import { type BodyPiece, type BodyPlaces, LineReader, type MessageBody, SourceChangedError } from '../kit/line-bodies';
import type { ParseContext } from '../kit/provider';
import { farLineBytes } from '../kit/json-value-stream';
import type { SpillFile } from '../kit/spill-file';
import { assemble } from './assemble';
import { readFarLine, readLineAgain } from './far-lines';
import { ParseState } from './parse';

/** `spill`: where the read's tables go instead of memory (capture/ingest.ts makes it in the archive's `.tmp/` and removes it once the file is archived). */
export async function parseClaudeCodeLarge(ctx: ParseContext, spill?: SpillFile): Promise<Conversation[]> {
  // Filled once the read is over (bodies are read again only after it); not the state itself,
  // which the readers would then keep with all its builders.
  const file: { bodies?: BodyPlaces; subagentFile?: boolean } = {};
  const lines = new LineReader(ctx.path);
  const state = new ParseState(ctx.path, (id, body) => bodyOf(lines, ctx.path, file.subagentFile, id, file.bodies!.pieces(body)), spill);
  for await (const line of ctx.lines({ farLineBytes: farLineBytes() })) state.line(readFarLine(ctx.path, lines, line));
  state.bodies!.trim();
  file.bodies = state.bodies;
  file.subagentFile = state.subagentFile;
  const conversations = assemble(state, ctx);
  // Read over: the messages' ids are only spelled out from here on (MessageTable.id).
  state.table!.trim();
  state.ids.pool.seal();
  state.ids.apiIds.seal();
  state.ids.tasks.seal();
  return conversations;
}

/** A message's body, made again from its lines by a fresh ParseState of the same file kind (as the first read made it). */
function bodyOf(lines: LineReader, filePath: string, subagentFile: boolean | undefined, id: string, pieces: readonly BodyPiece[]): MessageBody {
  // A body kept in memory (a cut last line, a note) has no line after it: nothing to read.
  if ('parts' in pieces[0]) return joined(pieces as MessageBody[]);
  const scratch = new ParseState(filePath);
  scratch.subagentFile = subagentFile;
  if (subagentFile) scratch.main.subagent = true;
  const inMemory: MessageBody[] = [];
  for (const piece of pieces) {
    if ('parts' in piece) inMemory.push(piece);
    else scratch.line(readLineAgain(filePath, lines, piece));
  }
  const others = [...scratch.sidechains.values(), ...[...scratch.progressAgents.values()].map((a) => a.builder)];
  const made = [...scratch.main.messages, ...others.flatMap((b) => b.messages)];
  if (made[0]?.id !== id) throw new SourceChangedError(`${filePath} changed while it was archived: line ${'lineNo' in pieces[0] ? pieces[0].lineNo : '?'} no longer holds message ${id}; sync again`);
  return joined([...made, ...inMemory]);
}

function joined(bodies: readonly MessageBody[]): MessageBody {
  const parts: Part[] = bodies.flatMap((m) => m.parts);
  const natives = bodies.flatMap((m) => (m.native === undefined ? [] : [m.native]));
  return natives.length ? { parts, native: natives.join('\n') } : { parts };
}
