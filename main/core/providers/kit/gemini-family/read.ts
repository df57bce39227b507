/**
 * Reads a Gemini CLI chat file into a ChatState: the JSONL chat (header line, message lines,
 * `$set` / `$rewindTo` lines; 2026+) streamed line by line, or the older single JSON document
 * `{sessionId, projectHash, startTime, lastUpdated, messages: […]}` (pretty-printed).
 */
import type { ParseWarning } from '../../../../../shared/record';
import type { ParseContext } from '../provider';
import { arr, isObject, obj, shortError, str, type Json } from '../json';
import { parseLine } from '../json-lines';
import { lineAt, parseJson, parseJsonDocument } from '../parse-json';
import { arrayObjects, arrayOfKey, stringField } from './scan';
import { applyCheckpoint } from './checkpoint';
import { ChatState } from './state';

export interface ReadResult {
  readonly state: ChatState;
  readonly warnings: ParseWarning[];
  readonly format: 'jsonl' | 'json';
}

export async function readChat(ctx: ParseContext): Promise<ReadResult | undefined> {
  const state = new ChatState();
  const warnings: ParseWarning[] = [];
  let format: 'jsonl' | 'json' | undefined;
  for await (const source of ctx.lines()) {
    const { text, lineNo } = source;
    if (!text.trim()) continue;
    let record: unknown;
    try {
      record = parseLine(source, (line, message) => warnings.push({ line, message }));
    } catch (error) {
      if (format === undefined && text.trim() === '{') {
        format = 'json'; // a pretty-printed document: its first line is only the opening brace
        break;
      }
      format = 'jsonl';
      warnings.push({ line: lineNo, message: `Unreadable JSON line skipped: ${shortError(error)}` });
      continue;
    }
    format = 'jsonl';
    if (!isObject(record)) {
      warnings.push({ line: lineNo, message: 'Line is not a JSON object; skipped' });
      continue;
    }
    applyLine(state, record, text, lineNo);
  }
  if (format === undefined) return undefined;
  if (format === 'json') readDocument(await ctx.readText(), state, warnings);
  return { state, warnings, format };
}

function applyLine(state: ChatState, record: Json, raw: string, line: number): void {
  const rewind = str(record.$rewindTo);
  if (rewind !== undefined) return state.rewind(rewind, raw, line);
  const set = obj(record.$set);
  if (set) {
    state.setMeta(set);
    if (Array.isArray(set.messages)) applyCheckpoint(state, messagesOf(set.messages), line);
    return;
  }
  const id = str(record.id);
  if (id !== undefined) return state.upsert(id, record, raw, line);
  if (str(record.sessionId) !== undefined) {
    // The header (or a whole legacy record written on one line).
    state.setMeta(record);
    for (const m of messagesOf(record.messages)) state.upsert(m.id, m.record, JSON.stringify(m.record), line);
    return;
  }
  state.unknown(record, raw, line);
}

function messagesOf(value: unknown): Array<{ id: string; record: Json }> {
  return arr(value).flatMap((m) => (isObject(m) && typeof m.id === 'string' ? [{ id: m.id, record: m }] : []));
}

/** The single-document format; a document that does not parse is salvaged record by record. */
function readDocument(text: string, state: ChatState, warnings: ParseWarning[]): void {
  let doc: unknown;
  try {
    doc = parseJsonDocument(text, (line, message) => warnings.push({ line, message }));
  } catch (error) {
    warnings.push({ message: `Chat file is not valid JSON (${shortError(error)}); its records were read one by one` });
    return salvage(text, state, warnings);
  }
  if (!isObject(doc)) {
    warnings.push({ message: 'Chat file is not a JSON object; nothing read' });
    return;
  }
  state.setMeta(doc);
  arr(doc.messages).forEach((m, index) => {
    if (isObject(m) && typeof m.id === 'string') state.upsert(m.id, m, JSON.stringify(m));
    else if (isObject(m)) state.unknown(m, JSON.stringify(m), undefined);
    else warnings.push({ message: `messages[${index}] is not a message record; skipped` });
  });
}

function salvage(text: string, state: ChatState, warnings: ParseWarning[]): void {
  const meta: Json = {};
  for (const key of ['sessionId', 'projectHash', 'startTime', 'lastUpdated', 'summary', 'kind']) {
    const value = stringField(text, key);
    if (value !== undefined) meta[key] = value;
  }
  state.setMeta(meta);
  const start = arrayOfKey(text, 'messages');
  if (start === -1) return;
  for (const slice of arrayObjects(text, start)) {
    const line = lineAt(text, slice.start);
    if (slice.end === -1) {
      warnings.push({ line, message: 'File ends inside a message record; that record was skipped' });
      continue;
    }
    const raw = text.slice(slice.start, slice.end);
    try {
      const m = parseJson(raw, (message, at) => warnings.push({ line: lineAt(text, slice.start + at), message }));
      if (isObject(m) && typeof m.id === 'string') state.upsert(m.id, m, raw, line);
      else warnings.push({ line, message: 'Message record without an id skipped' });
    } catch (error) {
      warnings.push({ line, message: `Unreadable message record skipped: ${shortError(error)}` });
    }
  }
}
