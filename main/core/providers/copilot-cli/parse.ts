/**
 * Parses one Copilot CLI session file: the `events.jsonl` event log (streamed, one JSON.parse
 * per line) or the legacy single-object session JSON. See README.md for the format.
 */
import type { Conversation } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { assemble } from './assemble';
import { handleEvent } from './events';
import { isObject, obj, shortError, str } from '../kit/json';
import { readLegacy } from './legacy';
import { CopilotState } from './state';
import { readRecord } from '../kit/json-lines';
import { parseJsonDocument } from '../kit/parse-json';

export async function parseCopilot(ctx: ParseContext): Promise<Conversation[]> {
  const s = new CopilotState();
  let sawLine = false;
  let legacy = false;
  for await (const line of ctx.lines()) {
    const { text, lineNo } = line;
    const trimmed = text.trim();
    if (!trimmed) continue;
    // A pretty-printed legacy session opens with a lone `{`: read it as one document instead.
    if (!sawLine && trimmed === '{') {
      legacy = true;
      break;
    }
    const record = readRecord(line, (n, message) => s.warn(n, message));
    if (!record) continue;
    const type = str(record.type);
    if (!sawLine && !type && 'sessionId' in record) {
      readLegacy(s, record);
      return assemble(s, ctx);
    }
    sawLine = true;
    if (!type) {
      s.warn(lineNo, 'Event without a type skipped');
      continue;
    }
    const timestamp = str(record.timestamp);
    s.seen(timestamp);
    handleEvent(s, { lineNo, raw: text, id: str(record.id), timestamp }, record, type, obj(record.data) ?? {});
  }
  if (legacy) return parseLegacyText(s, ctx);
  if (!sawLine && !s.warnings.length) return [];
  return assemble(s, ctx);
}

async function parseLegacyText(s: CopilotState, ctx: ParseContext): Promise<Conversation[]> {
  let session: unknown;
  try {
    const text = await ctx.readText((note) => s.warn(undefined, note));
    session = parseJsonDocument(text, (line, message) => s.warn(line, message));
  } catch (error) {
    s.warn(undefined, `Unreadable legacy session JSON: ${shortError(error)}`);
    return assemble(s, ctx);
  }
  if (isObject(session)) readLegacy(s, session);
  else s.warn(undefined, 'Legacy session is not a JSON object');
  return assemble(s, ctx);
}
