/**
 * Recognises Qwen Code files from their first 64 KiB: a ChatRecord JSONL line (uuid /
 * parentUuid / sessionId / type, with Gemini-style `message.parts`, a `systemPayload` or a
 * `provenance`, and none of Claude Code's `userType`), or a Gemini-format chat / logs.json
 * under a `.qwen` folder (Qwen Code's layout before v0.3).
 */
import { isUnderQwen, looksLikeGeminiChat, looksLikeLogs } from '../kit/gemini-family/detect';
import { isObject, obj } from '../kit/json';
import type { DetectSample } from '../kit/provider';
import { firstLine } from '../kit/first-line';

const TYPES = new Set(['user', 'assistant', 'tool_result', 'system']);
/** createBaseRecord's field order, for a first line cut off at 64 KiB. */
const RECORD_PREFIX = /^\{(?:"daemonPromptId":"[^"]*",)?"uuid":"[^"]*","parentUuid":(?:null|"[^"]*"),"sessionId":"[^"]*","timestamp":"[^"]*","type":"(?:user|assistant|tool_result|system)"/;

export function detectQwenCode(sample: DetectSample): boolean {
  if (isUnderQwen(sample.path) && (looksLikeGeminiChat(sample.head) || looksLikeLogs(sample))) return true;
  const head = sample.head.trimStart();
  if (!head.startsWith('{')) return false;
  const { text, record } = firstLine(head);
  if (record === undefined) return RECORD_PREFIX.test(text);
  return isObject(record) && isChatRecord(record);
}

function isChatRecord(r: Record<string, unknown>): boolean {
  if (typeof r.uuid !== 'string' || typeof r.sessionId !== 'string' || !('parentUuid' in r)) return false;
  if (!TYPES.has(String(r.type)) || 'userType' in r) return false;
  return Array.isArray(obj(r.message)?.parts) || 'systemPayload' in r || typeof r.provenance === 'string';
}
