/**
 * Recognises Antigravity CLI files: a transcript whose first line is a step
 * (`{"step_index", "source": "USER_EXPLICIT" | "MODEL" | "SYSTEM", "type", "content"…}`), or a
 * conversation store by its place (`antigravity-cli/conversations/<id>.db|.pb`).
 */
import type { DetectSample } from '../kit/provider';
import { firstLine } from '../kit/first-line';
import { isObject } from '../kit/json';
import { placeOf } from './layout';

const SOURCE = /^[A-Z][A-Z_]*$/;
const STEP_FIELDS = new Set(['step_index', 'source', 'type', 'status', 'created_at', 'content', 'thinking', 'tool_calls']);

export function detectAntigravity(sample: DetectSample): boolean {
  const place = placeOf(sample.path);
  if (place && place.kind !== 'transcript') return /[\\/]antigravity-cli[\\/]conversations[\\/]/.test(sample.path);
  const { record } = firstLine(sample.head.trimStart());
  if (!isObject(record) || typeof record.source !== 'string' || !SOURCE.test(record.source)) return false;
  if (typeof record.type !== 'string' && typeof record.content !== 'string') return false;
  return Object.keys(record).every((k) => STEP_FIELDS.has(k));
}
