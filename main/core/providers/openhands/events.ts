/**
 * The conversation's event files: `events/event-<index, 5+ digits>-<event id>.json`, one
 * pydantic-dumped `Event` each (openhands-sdk conversation/event_store.py,
 * persistence_const.py), read in index order. A missing index (a gap) or an unreadable file
 * becomes a warning; the rest is read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParseWarning } from '../../../../shared/record';
import { isObject, shortError, type Json } from '../kit/json';
import { parseJson, tryParseJson } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';
import { filesIn } from '../kit/walk';

const EVENT_NAME = /^event-(\d{5,})-([0-9a-fA-F-]{8,})\.json$/;

export interface EventFile {
  readonly index: number;
  readonly raw: string;
  readonly event: Json;
}

/** The legacy V0 file store's event files: `events/<id>.json` (openhands/storage/locations.py). */
export const V0_EVENT_NAME = /^(\d+)\.json$/;

/** The event files of `conversationDir/events` named by `name` (its first group: the index), in order. */
export async function readEvents(conversationDir: string, warnings: ParseWarning[], name: RegExp = EVENT_NAME): Promise<EventFile[]> {
  const files = (await filesIn(path.join(conversationDir, 'events'), name))
    .map((file) => ({ file, index: Number(name.exec(path.basename(file))![1]) }))
    .sort((a, b) => a.index - b.index);
  const out: EventFile[] = [];
  let expected = 0;
  for (const { file, index } of files) {
    if (index !== expected) {
      const which = index - 1 === expected ? `Event file ${expected} is` : `Event files ${expected} to ${index - 1} are`;
      warnings.push({ message: `${which} missing from ${path.join(conversationDir, 'events')}` });
    }
    expected = index + 1;
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      warnings.push({ message: `Cannot read ${path.basename(file)}: ${shortError(error)}` });
      continue;
    }
    try {
      const event = parseJson(raw, (note) => warnings.push({ message: `${path.basename(file)}: ${note}` }));
      if (isObject(event)) out.push({ index, raw, event });
      else warnings.push({ message: `${path.basename(file)} is not a JSON object; skipped` });
    } catch (error) {
      warnings.push({ message: `${path.basename(file)}: unreadable event JSON skipped (${shortError(error)})` });
    }
  }
  return out;
}

/**
 * The session file the read starts from (V1 `base_state.json`, V0 `metadata.json`) as a JSON
 * object; unreadable or of another shape, `{}` and a warning naming it: the conversation is then
 * read from its events alone.
 */
export async function readSessionObject(ctx: ParseContext, name: string, warnings: ParseWarning[]): Promise<Json> {
  try {
    const doc = tryParseJson(await ctx.readText());
    if (isObject(doc)) return doc;
    warnings.push({ message: `${name} is not a readable JSON object; the conversation is read from its events alone` });
  } catch (error) {
    warnings.push({ message: `Cannot read ${name}: ${shortError(error)}` });
  }
  return {};
}
