/**
 * Recognises an OpenHands conversation state file: `base_state.json`, the SDK's
 * `ConversationState` dumped by pydantic in field order, `{"id":"…","agent":{…`; or a
 * legacy V0 session's `metadata.json` / first event file (legacy.ts).
 */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { BASE_STATE } from './locate';
import { V0_METADATA } from './legacy';
import { V0_EVENT_NAME } from './events';

const HEAD = /^\{"id":"[0-9a-fA-F-]{32,36}","agent":\{/;

/** A V0 session's metadata.json (`ConversationMetadata`, pydantic field order) or event file (`event_to_dict`). */
const V0_METADATA_HEAD = /^\{\s*"conversation_id"\s*:/;
const V0_EVENT_HEAD = /^\{\s*"id"\s*:\s*\d+\s*,\s*"timestamp"\s*:/;

export function detectOpenHands(sample: DetectSample): boolean {
  const name = path.basename(sample.path);
  const head = sample.head.trimStart();
  if (name === V0_METADATA) return V0_METADATA_HEAD.test(head);
  if (V0_EVENT_NAME.test(name) && path.basename(path.dirname(sample.path)) === 'events') return V0_EVENT_HEAD.test(head);
  return name === BASE_STATE && HEAD.test(head);
}
