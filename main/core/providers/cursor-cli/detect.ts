/** Recognises a Cursor agent transcript (JSONL, or the older plain text) or a Cursor CLI chat store (SQLite). */
import type { DetectSample } from '../kit/provider';
import { firstLine } from '../kit/first-line';
import { isObject, str } from '../kit/json';
import { looksLikePlainTranscript } from './plain-transcript';

const ROLES = new Set(['user', 'assistant', 'system', 'tool']);

export function detectCursor(sample: DetectSample): boolean {
  if (sample.head.startsWith('SQLite format 3\u0000')) return isChatStore(sample);
  if (looksLikePlainTranscript(sample.head)) return true;
  const head = sample.head.trimStart();
  const { text, record } = firstLine(head);
  if (/^\{"role":"(user|assistant)","message":\{"content":/.test(text)) return true;
  // `{role, message:{content}}` and nothing of the other JSONL formats' envelopes.
  if (!isObject(record) || 'type' in record || 'uuid' in record || 'timestamp' in record) return false;
  const message = record.message;
  return ROLES.has(str(record.role) ?? '') && isObject(message) && 'content' in message;
}

/**
 * A store is `<chatId>/store.db` with tables `meta` and `blobs`. The schema text sits in the first
 * page, but a store whose writes are still in its WAL may not have it yet, so the path counts too.
 */
function isChatStore(sample: DetectSample): boolean {
  if (/CREATE TABLE "?blobs"?\s*\(/.test(sample.head) && /CREATE TABLE "?meta"?\s*\(/.test(sample.head)) return true;
  return /[\\/]\.cursor[\\/]chats[\\/][^\\/]+[\\/][^\\/]+[\\/]store\.db$/.test(sample.path);
}
