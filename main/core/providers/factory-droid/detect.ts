/** Recognises a Droid session JSONL from its first line (`session_start`, or a `message` record). */
import type { DetectSample } from '../kit/provider';
import { firstLine } from '../kit/first-line';
import { isObject, str } from '../kit/json';

/** Droid writes `type` first; a first line cut off at 64 KiB is still recognised by its opening. */
const START_PREFIX = /^\{"type":"session_start","id":"/;

export function detectDroid(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  const { text, record } = firstLine(head);
  if (START_PREFIX.test(text)) return true;
  if (!isObject(record)) return false;
  if (record.type === 'session_start') return typeof record.id === 'string' && ('cwd' in record || 'version' in record);
  // A file whose header was lost still starts with `{type:"message", id, message:{role, content}}`.
  const message = record.message;
  return record.type === 'message' && typeof record.id === 'string' && isObject(message) && !!str(message.role) && Array.isArray(message.content) && !('uuid' in record);
}
