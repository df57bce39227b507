/**
 * What the Markdown and HTML views take of a tool output, read a slice at a time when it is a far
 * string (a huge stored output, shared/far-strings.ts): its first characters, its length, its
 * lines. Both cut an output at 20,000 characters, so a 100 MB one is never made one string, and
 * what they write is what they write from the whole text.
 */
import { farPieces, wholeText } from '../../../shared/far-strings';
import { HEADER, parseToolOutput, type ToolOutput } from '../../../shared/tool-output';

export interface TextFacts {
  /** The first `head` characters. */
  readonly head: string;
  readonly length: number;
  /** `text.split('\n').length`. */
  readonly lines: number;
}

/** The first `head` characters of `text` (far or not), its length and its number of lines. */
export function textFacts(text: string, head: number): TextFacts {
  const pieces = farPieces(text);
  if (!pieces) return { head: text.slice(0, head), length: text.length, lines: lineCount(text) };
  const first: string[] = [];
  let held = 0;
  let length = 0;
  let lines = 1;
  for (const piece of pieces) {
    if (held < head) {
      first.push(piece.slice(0, head - held));
      held += Math.min(piece.length, head - held);
    }
    length += piece.length;
    lines += lineCount(piece) - 1;
  }
  return { head: first.join(''), length, lines };
}

function lineCount(s: string): number {
  let n = 1;
  for (let at = s.indexOf('\n'); at !== -1; at = s.indexOf('\n', at + 1)) n += 1;
  return n;
}

/** Characters read past the cut, for the wrapper lines parseToolOutput drops before an output. */
const WRAPPER_ROOM = 64 * 1024;

/**
 * parseToolOutput(response), its output cut to `limit` characters (0: never cut) as the Markdown
 * writes it: `… (N more characters)` after the cut.
 */
export function cutToolOutput(response: string, limit: number): { readonly parsed: Omit<ToolOutput, 'output'>; readonly text: string } {
  const far = limit > 0 && farPieces(response) ? farCut(response, limit) : undefined;
  if (far) return far;
  const { output, ...parsed } = parseToolOutput(wholeText(response));
  return { parsed, text: limit > 0 && output.length > limit ? `${output.slice(0, limit)}\n… (${output.length - limit} more characters)` : output };
}

/** The same from a far output's head, or undefined where the head does not settle what parseToolOutput makes of the whole. */
function farCut(response: string, limit: number): ReturnType<typeof cutToolOutput> | undefined {
  const { head, length } = textFacts(response, limit + WRAPPER_ROOM);
  if (head.length === length) return cutToolOutput(head, limit);
  const parsed = headToolOutput(head);
  if (!parsed) return undefined;
  const { output, ...facts } = parsed;
  const skipped = head.length - output.length;
  if (output.length < limit) return undefined;
  return { parsed: facts, text: `${output.slice(0, limit)}\n… (${length - skipped - limit} more characters)` };
}

/**
 * parseToolOutput of a text known by its first characters, when they settle it: it reads a
 * wrapper from at most the first nine lines, so nine whole lines in the head settle it; with
 * fewer, the unfinished line must be one it would not take for a wrapper line (and long enough
 * to tell; HEADER's `(.*)$` fails alike on both where a line holds a CR). A text that starts as JSON is parsed whole.
 */
function headToolOutput(head: string): ToolOutput | undefined {
  const t = head.trimStart();
  if (t.length < 9 || t.startsWith('{"output"')) return undefined;
  let newlines = 0;
  for (let at = head.indexOf('\n'); at !== -1 && newlines < 9; at = head.indexOf('\n', at + 1)) newlines += 1;
  if (newlines < 9) {
    const unfinished = head.slice(head.lastIndexOf('\n') + 1);
    if (unfinished.length < 64 || HEADER.test(unfinished) || unfinished.trim() === 'Output:') return undefined;
  }
  return parseToolOutput(head);
}

