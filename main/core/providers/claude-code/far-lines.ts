/**
 * A huge file's very long line (a 100 MB tool output) read without making it one string
 * (main/core/README.md, "One huge session file"): its structure is read as usual and its long
 * strings stay in the file behind far-string stand-ins (kit/json-value-stream.ts), which the
 * archive streams into its content store. Only where a stand-in is a whole tool response (or
 * sits in the native record) does the line stay so; otherwise it is read whole, as before.
 */
import { farText, holdsFarString } from '../../../../shared/far-strings';
import { farLineBytes, farStringBytes, scanLine } from '../kit/json-value-stream';
import type { LineReader, LineRef } from '../kit/line-bodies';
import type { SourceLine } from '../kit/provider';
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

/** Whether every stand-in ends up a whole tool response or in the native record: no other part may hold one (it would be read as it). */
function farOnlyWhereKept(filePath: string, text: string, lineNo: number): boolean {
  const scratch = new ParseState(filePath);
  scratch.line({ text, lineNo, endOffset: 0 });
  const made = [...scratch.main.messages, ...[...scratch.sidechains.values()].flatMap((b) => b.messages)];
  for (const m of made) {
    for (const p of m.parts) {
      const kept = p.type === 'tool_call_response' && farText(p.response) !== undefined;
      if (holdsFarString(JSON.stringify(kept ? { ...p, response: '' } : p))) return false;
    }
  }
  return true;
}
