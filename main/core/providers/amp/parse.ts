/**
 * Reads every Amp format, decided by content: a stream (`--stream-json` lines, each a JSON
 * object with a `type`) is streamed line by line; `amp threads markdown` output (front matter
 * first) is read as Markdown; anything else is read as a thread document (a thread file or
 * `amp threads export` JSON).
 */
import type { Conversation, ParseWarning } from '../../../../shared/record';
import { parseLine } from '../kit/json-lines';
import { parseJsonDocument } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';
import { isObject, type Json } from '../kit/json';
import { StreamReader } from './stream';
import { parseThread } from './thread';
import { parseAmpMarkdown } from './markdown';

/** Unreadable lines tolerated before the first stream record; past that it is a document. */
const LEADING_BAD_LINES = 20;

export async function parseAmp(ctx: ParseContext): Promise<Conversation[]> {
  let stream: StreamReader | undefined;
  let oneLineDoc: Json | undefined;
  let sawContent = false;
  const leadingBad: { lineNo: number; message: string }[] = [];
  // What reading a line had to say, held until there is a conversation to say it on.
  const notes: { line: number; message: string }[] = [];
  for await (const line of ctx.lines()) {
    const text = line.text.trim();
    if (!text) continue;
    // `amp threads markdown` output opens with YAML front matter.
    if (!sawContent && text === '---') return parseAmpMarkdown(ctx);
    sawContent = true;
    let rec: unknown;
    let bad: string | undefined;
    try {
      rec = parseLine(line, (lineNo, message) => notes.push({ line: lineNo, message }));
    } catch (err) {
      bad = (err as Error).message;
    }
    if (!stream) {
      if (bad !== undefined) {
        // A pretty-printed thread starts like this too; a stream record further on decides.
        leadingBad.push({ lineNo: line.lineNo, message: bad });
        if (leadingBad.length > LEADING_BAD_LINES) break;
        continue;
      }
      if (!isStreamRecord(rec)) {
        if (leadingBad.length === 0 && isObject(rec)) oneLineDoc = rec;
        break;
      }
      stream = new StreamReader(ctx);
      for (const b of leadingBad) stream.warn(b.lineNo, `unreadable line skipped: ${b.message}`);
    }
    for (const n of notes.splice(0)) stream.warn(n.line, n.message);
    if (bad !== undefined) stream.warn(line.lineNo, `unreadable line skipped: ${bad}`);
    else if (!isObject(rec)) stream.warn(line.lineNo, 'line is not a JSON object; skipped');
    else stream.record(line.lineNo, text, rec);
  }
  if (stream) return stream.finish();
  if (!sawContent) return [];
  return parseDocument(ctx, oneLineDoc, notes);
}

function isStreamRecord(rec: unknown): rec is Json {
  return isObject(rec) && typeof rec.type === 'string' && !Array.isArray(rec.messages);
}

async function parseDocument(ctx: ParseContext, already: Json | undefined, lineNotes: readonly { line: number; message: string }[]): Promise<Conversation[]> {
  let doc: unknown = already;
  const warnings: ParseWarning[] = already ? [...lineNotes] : [];
  if (!doc) {
    try {
      const text = await ctx.readText((message) => warnings.push({ message }));
      doc = parseJsonDocument(text, (line, message) => warnings.push({ line, message }));
    } catch {
      // A thread Amp is rewriting right now: nothing is stored, so the archived copy stays whole.
      return [];
    }
  }
  if (!isObject(doc)) return [];
  const thread = parseThread(ctx, doc);
  return [warnings.length ? { ...thread, warnings: [...warnings, ...thread.warnings] } : thread];
}
