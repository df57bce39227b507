/** Recognises a Droid session JSONL from its first line (`session_start`, or a `message` record). */
import type { DetectSample } from '../kit/provider';
import { isObject, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';

/** Droid writes `type` first; a first line cut off at 64 KiB is still recognised by its opening. */
const START_PREFIX = /^\{"type":"session_start","id":"/;

export function detectDroid(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  const newline = head.indexOf('\n');
  const first = (newline === -1 ? head : head.slice(0, newline)).trim();
  if (START_PREFIX.test(first)) return true;
  let record: unknown;
  try {
    record = parseJson(first);
  } catch {
    return false;
  }
  if (!isObject(record)) return false;
  if (record.type === 'session_start') return typeof record.id === 'string' && ('cwd' in record || 'version' in record);
  // A file whose header was lost still starts with `{type:"message", id, message:{role, content}}`.
  const message = record.message;
  return record.type === 'message' && typeof record.id === 'string' && isObject(message) && !!str(message.role) && Array.isArray(message.content) && !('uuid' in record);
}
