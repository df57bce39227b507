/**
 * The Gemini chat format by its first 64 KiB, for Gemini CLI and Qwen Code's older files: the
 * JSONL chat header line `{"sessionId", "projectHash", …}`, the older pretty-printed single JSON
 * chat, and logs.json.
 */
import { isObject } from '../json';
import { parseJson } from '../parse-json';
import type { DetectSample } from '../provider';

const CHAT_KEYS = '(sessionId|projectHash|startTime|lastUpdated|kind|messages|summary|directories|memoryScratchpad)';
const PRETTY_START = new RegExp(`^\\{\\s*"${CHAT_KEYS}"\\s*:`);
const MESSAGE_TYPE = /"type"\s*:\s*"(user|gemini|info|error|warning)"/;

export function isUnderQwen(filePath: string): boolean {
  return /[\\/]\.qwen[\\/]/.test(filePath);
}

/** The Gemini chat format by content alone (shared with Qwen Code's legacy files). */
export function looksLikeGeminiChat(head: string): boolean {
  const text = head.trimStart();
  if (!text.startsWith('{')) return false;
  const newline = text.indexOf('\n');
  const first = (newline === -1 ? text : text.slice(0, newline)).trim();
  if (first !== '{') {
    let record: unknown;
    try {
      record = parseJson(first);
    } catch {
      // A header cut off at 64 KiB: recognise it by its leading keys.
      return /^\{"sessionId":"[^"]*","projectHash":"/.test(first);
    }
    return isObject(record) && typeof record.sessionId === 'string' && typeof record.projectHash === 'string';
  }
  if (!PRETTY_START.test(text)) return false;
  // Every chat has a projectHash; a document with sorted keys may show its messages first.
  return /"projectHash"\s*:/.test(text) || (/"messages"\s*:\s*\[/.test(text) && MESSAGE_TYPE.test(text));
}

export function looksLikeLogs(sample: DetectSample): boolean {
  if (!/(^|[\\/])logs\.json$/.test(sample.path)) return false;
  const text = sample.head.trimStart();
  if (!text.startsWith('[')) return false;
  return text.replace(/\s/g, '') === '[]' || (/"sessionId"\s*:/.test(text) && /"messageId"\s*:/.test(text));
}
