/**
 * A huge file's very long line (a 100 MB tool output) read without making it one string
 * (main/core/README.md, "One huge session file"): its structure is read as usual and its long
 * strings stay in the file behind far-string stand-ins (kit/json-value-stream.ts), which the
 * archive streams into its content store. Only where a stand-in is a whole tool response, a whole
 * prompt or answer text (or sits in the native record) does the line stay so; otherwise it is
 * read whole, as before.
 */
import { farText, headOf, holdsFarString, mapFarStringsIn } from '../../../../shared/far-strings';
import type { Message, Part } from '../../../../shared/record';
import { farLineBytes, farStringBytes, scanLine } from '../kit/json-value-stream';
import type { LineReader, LineRef } from '../kit/line-bodies';
import type { SourceLine } from '../kit/provider';
import type { ConversationBuilder } from './builder';
import { ParseState } from './parse';

/** The first read's line as the parser is to read it: `line.far` (not read yet) made into text. */
export function readFarLine(filePath: string, lines: LineReader, line: SourceLine): SourceLine {
  if (!line.far) return line;
  return { ...line, text: lineText(filePath, lines, { start: line.far.start, end: line.endOffset, lineNo: line.lineNo }) };
}

/** A line read again by its byte range: its long strings far when they may be, else whole. */
export function readLineAgain(filePath: string, lines: LineReader, ref: LineRef): SourceLine {
  if (ref.end - ref.start <= farLineBytes()) return lines.read(ref);
  return { text: lineText(filePath, lines, ref), lineNo: ref.lineNo, endOffset: ref.end };
}

function lineText(filePath: string, lines: LineReader, ref: LineRef): string {
  const scanned = scanLine(filePath, ref.start, ref.end, farStringBytes());
  if (scanned !== undefined && farOnlyWhereKept(filePath, scanned, ref.lineNo)) return scanned;
  return lines.read(ref).text;
}

/**
 * Whether every stand-in ends up a whole tool response, a whole prompt or answer text (or
 * reasoning), or in the native record: no other part may hold one (it would be read as it). A
 * far text must also be read as its head is (who speaks, which kind, the title), never be a
 * subagent's task (linked to its call by the whole text), and start no record that the parse
 * classifies by more than its start.
 */
function farOnlyWhereKept(filePath: string, text: string, lineNo: number): boolean {
  const scratch = parsed(filePath, text, lineNo);
  let farTexts = false;
  for (const m of scratch.messages) {
    for (const p of m.parts) {
      const kept = keptFar(p);
      if (holdsFarString(JSON.stringify(kept ? { ...p, [kept]: '' } : p))) return false;
      if (kept === 'content') farTexts = true;
    }
  }
  if (!farTexts) return true;
  if (scratch.builders.some((b) => b.task !== undefined && farText(b.task) !== undefined)) return false;
  const heads = parsed(filePath, withHeads(text), lineNo);
  return readAsHeads(scratch) === readAsHeads(heads);
}

/** The field of a part that may be a far string as a whole: a tool response's, a text's or a reasoning's. */
function keptFar(p: Part): 'response' | 'content' | undefined {
  if (p.type === 'tool_call_response') return farText(p.response) ? 'response' : undefined;
  if (p.type === 'text' || p.type === 'reasoning') return farText(p.content) ? 'content' : undefined;
  return undefined;
}

/** The line parsed alone, by a scratch ParseState: what it makes, and the builders that read it. */
function parsed(filePath: string, text: string, lineNo: number): { messages: Message[]; builders: ConversationBuilder[] } {
  const scratch = new ParseState(filePath);
  scratch.line({ text, lineNo, endOffset: 0 });
  const builders = [scratch.main, ...scratch.sidechains.values()];
  return { messages: builders.flatMap((b) => b.messages), builders };
}

/** Enough of a far text for the parse to decide by (it reads a prompt's start, the title its first 80 characters). */
const HEAD_CHARS = 64 * 1024;

/** The line with each far string written as its head instead. */
function withHeads(text: string): string {
  return mapFarStringsIn(text, (standIn) => headOf(standIn, HEAD_CHARS));
}

/** What a parse made and read, each far string as its head. */
function readAsHeads(scratch: { messages: Message[]; builders: ConversationBuilder[] }): string {
  const read = scratch.builders.map((b) => [b.firstPrompt, b.firstSlash, b.task, b.taskSeen]);
  // A native record is JSON text: its far strings are in it escaped.
  return JSON.stringify([scratch.messages, read], (key, value: unknown) =>
    typeof value !== 'string' ? value : key === 'native' ? withHeads(value) : farText(value) ? headOf(value, HEAD_CHARS) : value,
  );
}
