/** Recognises a Codex rollout from its first line, without a full parse. */
import type { DetectSample } from '../kit/provider';
import { firstLine } from '../kit/first-line';
import { isObject, str } from '../kit/json';

const ENVELOPE_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/** The envelope as Codex serialises it (field order is fixed), for a first line cut off at 64 KiB. */
const ENVELOPE_PREFIX = /^\{"timestamp":"[^"]*","type":"(session_meta|response_item|event_msg|turn_context|compacted)","payload":\{/;

export function detectRollout(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  const { text, record } = firstLine(head);
  if (!text.startsWith('{')) return false;
  if (ENVELOPE_PREFIX.test(text)) return true;
  if (!isObject(record)) return false; // cut off mid-line and not in the envelope shape above, or not an object
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
