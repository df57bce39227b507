/**
 * Recognises a Grok CLI chat_history.jsonl from its first line: a `ConversationItem`
 * (`{"type":"system"|"user"|…}`) whose fields are only the ones that item type has, so the
 * look-alike records of other agents (Claude Code's `{"type":"user","message":…}`) do not match;
 * or an `updates.jsonl` envelope `{timestamp, method: "session/update" | "_x.ai/session/update",
 * params: {sessionId, update: {sessionUpdate}}}` (a bare `{sessionId, update}` only by that name).
 */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';
import { GROK_DB } from './grok-db';
import { firstLine } from '../kit/first-line';
import { isObject } from '../kit/json';

const FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  system: new Set(['type', 'content']),
  user: new Set(['type', 'content', 'synthetic_reason', 'cwd_generation', 'prior_turn_interrupt', 'prompt_index']),
  assistant: new Set(['type', 'content', 'tool_calls', 'model_id', 'model_fingerprint', 'system_fingerprint', 'reasoning_effort', 'reasoning_details', 'provider_payload', 'reasoning']),
  tool_result: new Set(['type', 'tool_call_id', 'content', 'images']),
  reasoning: new Set(['type', 'id', 'summary', 'content', 'encrypted_content', 'status']),
  backend_tool_call: new Set(['type', 'kind']),
};
/** A first line longer than the 64 KiB sample (a long system prompt) is cut: match its start. */
const PREFIX = /^\{"type":"(system|user)","content":/;

const UPDATE_METHODS = new Set(['session/update', '_x.ai/session/update']);
const UPDATES_PREFIX = /^\{"timestamp":\d+,"method":"(_x\.ai\/)?session\/update","params":\{"sessionId":/;

export function detectGrokSession(sample: DetectSample): boolean {
  // superagent-ai's Grok CLI: one SQLite database, `grok.db` (grok-db.ts).
  if (path.basename(sample.path) === GROK_DB) return sample.head.startsWith('SQLite format 3');
  const head = sample.head.trimStart();
  const { text, cut, record } = firstLine(head);
  if (!text.startsWith('{')) return false;
  if (record === undefined && cut && UPDATES_PREFIX.test(text)) return true;
  if (isObject(record) && isUpdateEnvelope(record, sample.path)) return true;
  if (record === undefined) return cut && PREFIX.test(text) && sample.path.endsWith('chat_history.jsonl');
  if (!isObject(record) || typeof record.type !== 'string') return false;
  const allowed = FIELDS[record.type];
  if (!allowed) return false;
  if (!Object.keys(record).every((k) => allowed.has(k))) return false;
  if (record.type === 'user') return Array.isArray(record.content);
  return record.type !== 'system' || typeof record.content === 'string';
}

function isUpdateEnvelope(record: Record<string, unknown>, filePath: string): boolean {
  const params = isObject(record.params) ? record.params : record.method === undefined && filePath.endsWith('updates.jsonl') ? record : undefined;
  if (!params || (record.method !== undefined && !UPDATE_METHODS.has(String(record.method)))) return false;
  return typeof params.sessionId === 'string' && isObject(params.update) && typeof params.update.sessionUpdate === 'string';
}
