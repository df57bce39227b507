/**
 * `event_msg/item_completed` (0.149+): `{thread_id, turn_id, item}`, `item` a `TurnItem` tagged
 * by its Rust variant name. Codex persists it only for the items no other record holds (`Plan`,
 * `Sleep`: codex-rs/rollout/src/policy.rs); every other variant repeats a response_item or an
 * older event already in the file, so it adds no message.
 */
import type { CodexBuilder, Line } from './builder';
import { num, obj, str, type Json } from '../kit/json';

/** TurnItem variants whose content the file also holds as a response_item or a legacy event. */
const REPEATED_ITEMS = new Set([
  'UserMessage',
  'HookPrompt',
  'AgentMessage',
  'Reasoning',
  'CommandExecution',
  'DynamicToolCall',
  'CollabAgentToolCall',
  'SubAgentActivity',
  'WebSearch',
  'ImageView',
  'ImageGeneration',
  'FileChange',
  'McpToolCall',
  'ContextCompaction',
]);

export function handleCompletedItem(b: CodexBuilder, line: Line, payload: Json): void {
  const item = obj(payload.item);
  const type = str(item?.type) ?? '';
  if (item && type === 'Plan') {
    // The plan the agent proposed in plan mode: shown to the person, held nowhere else.
    b.push(line, 'assistant', [{ type: 'text', content: str(item.text) ?? '' }], 'plan');
  } else if (item && type === 'Sleep') {
    b.push(line, 'system', [{ type: 'text', content: `Waited ${seconds(num(item.duration_ms))}` }], 'sleep');
  } else if (!REPEATED_ITEMS.has(type)) {
    b.pushUnknown(line, `event_msg:item_completed:${type || '(none)'}`);
  }
}

function seconds(ms: number | undefined): string {
  if (ms === undefined) return 'an unrecorded time';
  return `${Number((ms / 1000).toFixed(3))} s`;
}
