/**
 * Recognises an OpenHands conversation state file: `base_state.json`, the SDK's
 * `ConversationState` dumped by pydantic in field order, `{"id":"…","agent":{…`.
 */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { BASE_STATE } from './locate';

const HEAD = /^\{"id":"[0-9a-fA-F-]{32,36}","agent":\{/;

export function detectOpenHands(sample: DetectSample): boolean {
  return path.basename(sample.path) === BASE_STATE && HEAD.test(sample.head.trimStart());
}
