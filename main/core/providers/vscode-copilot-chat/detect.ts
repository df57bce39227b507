/**
 * Recognises a VS Code chat session from its first bytes: a flat `.json` is
 * `JSON.stringify(ISerializableChatData, undefined, 2)`, opening with `version` (v2+) and the
 * requester/responder names before `requests`; a `.jsonl` log opens with its initial entry,
 * `{"kind":0,"v":{"version":N,"creationDate":…` (the order chatSessionOperationLog.ts's
 * schema writes), with `responderUsername` in it.
 */
import type { DetectSample } from '../kit/provider';

const FLAT_HEAD = /^\{\s*("version"\s*:\s*\d+\s*,\s*)?"(requesterUsername|responderUsername)"\s*:/;
const LOG_HEAD = /^\{"kind":0,"v":\{"version":\d+,"creationDate":/;

export function detectVscodeChat(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  if (LOG_HEAD.test(head)) return head.slice(0, 4096).includes('"responderUsername":');
  return FLAT_HEAD.test(head) && /"requests"\s*:\s*\[/.test(head);
}
