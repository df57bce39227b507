/** Recognises a Copilot CLI event log or legacy session JSON from its first bytes. */
import type { DetectSample } from '../kit/provider';
import { isObject, str } from '../kit/json';
import { firstLine } from '../kit/first-line';

/** The envelope Copilot writes (`type` first, then `data`), for a first line cut off at 64 KiB. */
const ENVELOPE_PREFIX = /^\{"type":"(session|user|assistant|tool|system|hook|subagent|skill|abort|permission)[a-z_.]*","data":\{/;

export function detectCopilot(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  if (!head.startsWith('{')) return false;
  const { text, record } = firstLine(head);
  if (ENVELOPE_PREFIX.test(text)) return true;
  if (isEvent(record)) return true;
  return isLegacySession(head);
}

function isEvent(record: unknown): boolean {
  if (!isObject(record) || !isObject(record.data)) return false;
  const type = str(record.type);
  // Every event has a dotted type, a uuid id, a timestamp and a parentId (null for the first).
  return !!type && /^[a-z_]+\.[a-z_.]+$/.test(type) && typeof record.id === 'string' && 'parentId' in record;
}

/** `{sessionId, startTime, chatMessages, timeline}`: keys come first, in this order. */
function isLegacySession(head: string): boolean {
  const start = head.slice(0, 400);
  return /^\{\s*"sessionId"\s*:\s*"/.test(start) && /"(chatMessages|timeline)"\s*:/.test(head);
}
