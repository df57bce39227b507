/**
 * Recognises a Claude Code session file by its first records. Cheap: at most a few lines are
 * parsed, and only when they already look like Claude Code.
 */
import type { DetectSample } from '../kit/provider';
import { isObject } from './records';
import { parseJson } from '../kit/parse-json';

/** Bookkeeping types only Claude Code writes; each carries a sessionId. */
const SESSION_TYPES = new Set(['file-history-snapshot', 'queue-operation', 'permission-mode', 'last-prompt', 'custom-title', 'ai-title']);

const MAX_LINES = 20;

export function detectClaudeCode(sample: DetectSample): boolean {
  const head = sample.head;
  if (!head.startsWith('{')) return false;
  let start = 0;
  for (let n = 0; n < MAX_LINES && start < head.length; n += 1) {
    const nl = head.indexOf('\n', start);
    if (nl < 0) return n === 0 ? looksLikeLongFirstLine(head) : false;
    const verdict = judgeLine(head.slice(start, nl));
    if (verdict !== undefined) return verdict;
    start = nl + 1;
  }
  return false;
}

/** True/false when the line decides, undefined to look at the next one. */
function judgeLine(line: string): boolean | undefined {
  if (!line.trim()) return undefined;
  let record: unknown;
  try {
    record = parseJson(line);
  } catch {
    return false;
  }
  if (!isObject(record) || typeof record.type !== 'string') return false;
  if (record.type === 'summary') return typeof record.leafUuid === 'string';
  if (typeof record.uuid === 'string' && 'parentUuid' in record) return typeof record.sessionId === 'string' && !isQwenChatRecord(record);
  if (SESSION_TYPES.has(record.type)) return typeof record.sessionId === 'string' || record.type === 'file-history-snapshot';
  // Some other bookkeeping record of a session (types come and go): let the next line decide.
  return typeof record.sessionId === 'string' && !('payload' in record) ? undefined : false;
}

/**
 * Qwen Code's ChatRecords share the uuid / parentUuid / sessionId envelope but carry fields no
 * Claude Code record has (`provenance`, `systemPayload`, Gemini API `message.parts`) and lack
 * the `userType` every Claude Code one has.
 */
function isQwenChatRecord(record: Record<string, unknown>): boolean {
  if ('userType' in record) return false;
  return 'provenance' in record || 'systemPayload' in record || (isObject(record.message) && Array.isArray(record.message.parts));
}

/** The first record alone exceeds the sample (a pasted image, a huge prompt): match by keys. */
function looksLikeLongFirstLine(head: string): boolean {
  return head.includes('"parentUuid":') && head.includes('"sessionId":') && head.includes('"isSidechain":');
}
