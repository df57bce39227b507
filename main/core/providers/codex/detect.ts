/** Recognises a Codex rollout from its first line, without a full parse. */
import type { DetectSample } from '../kit/provider';
import { isObject, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';

const ENVELOPE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/** The envelope as Codex serialises it (field order is fixed), for a first line cut off at 64 KiB. */
const ENVELOPE_PREFIX = /^\{"timestamp":"[^"]*","type":"(session_meta|response_item|event_msg|turn_context|compacted)","payload":\{/;

export function detectRollout(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  const newline = head.indexOf('\n');
  const first = (newline === -1 ? head : head.slice(0, newline)).trim();
  if (!first.startsWith('{')) return false;
  if (ENVELOPE_PREFIX.test(first)) return true;
  let record: unknown;
  try {
    record = parseJson(first);
  } catch {
    return false; // cut off mid-line and not in the envelope shape above
  }
  if (!isObject(record)) return false;
  if (isObject(record.payload) && ENVELOPE_TYPES.has(str(record.type) ?? '')) return true;
  return isLegacyHeader(record, head);
}

/**
 * The early schema's first line is a bare header `{id, timestamp, instructions, git?, …}` with
 * no `type`, usually followed by a `{"record_type":"state"}` marker.
 */
function isLegacyHeader(record: Record<string, unknown>, head: string): boolean {
  if ('type' in record || 'payload' in record) return false;
  if (!str(record.id) || !str(record.timestamp)) return false;
  return 'instructions' in record || head.includes('{"record_type":"state"}');
}
