/**
 * Recognises Amp files from their first bytes: a stream whose first record carries a thread id
 * (`"session_id":"T-…"`), a thread document (`"id": "T-…"` beside `messages`/`created`: a
 * thread file or `amp threads export`), or `amp threads markdown` output (front matter naming
 * `threadId: T-…`).
 */
import type { DetectSample } from '../kit/provider';
import { isObject, str } from '../kit/json';
import { firstLine } from '../kit/first-line';
import { looksLikeAmpMarkdown } from './markdown';

const THREAD_ID = /^T-[0-9A-Za-z-]{8,}$/;
const STREAM_TYPES = new Set(['system', 'user', 'assistant', 'result']);
/** The prefix of a stream line cut off at 64 KiB, in the order Amp writes the keys. */
const STREAM_PREFIX = /^\{"type":"(system|user|assistant|result)"/;
const STREAM_SESSION = /"session_id":"T-[0-9A-Za-z-]{8,}"/;
const DOC_ID = /"id"\s*:\s*"T-[0-9A-Za-z-]{8,}"/;

export function detectAmp(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  if (head.startsWith('---')) return looksLikeAmpMarkdown(head);
  if (!head.startsWith('{')) return false;
  const { text: first, cut, record: rec } = firstLine(head);
  if (isObject(rec)) {
    if (typeof rec.type === 'string') return STREAM_TYPES.has(rec.type) && THREAD_ID.test(str(rec.session_id) ?? '');
    return isThreadDoc(rec);
  }
  if (cut && STREAM_PREFIX.test(first)) return STREAM_SESSION.test(first);
  // A pretty-printed (or cut-off one-line) thread document.
  return DOC_ID.test(head) && /"created"\s*:\s*\d|"messages"\s*:\s*\[/.test(head);
}

function isThreadDoc(rec: Record<string, unknown>): boolean {
  return THREAD_ID.test(str(rec.id) ?? '') && (Array.isArray(rec.messages) || typeof rec.created === 'number');
}
