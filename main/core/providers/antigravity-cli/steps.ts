/**
 * One transcript step onto record parts. A step is `{step_index, source, type, created_at,
 * content, thinking?, tool_calls?}`: `USER_EXPLICIT` / `USER_INPUT` is the prompt the person
 * typed (wrapped by agy in `<USER_REQUEST>`, with `<ADDITIONAL_METADATA>` and
 * `<USER_SETTINGS_CHANGE>` blocks it adds), `MODEL` / `PLANNER_RESPONSE` is the agent speaking
 * (text, thinking, the tool calls it makes), and any other `MODEL` step type (`RUN_COMMAND`,
 * `VIEW_FILE`, `CODE_ACTION`, `GENERIC`, …) is the transcript of a tool run, whose text is the
 * tool's output.
 */
import type { Part } from '../../../../shared/record';
import { arr, asText, isObject, str, type Json } from '../kit/json';

const REQUEST_OPEN = /^\s*<USER_REQUEST>\s*/;
const REQUEST_CLOSE = /\s*<\/USER_REQUEST>\s*$/;
const ADDED_BLOCKS = [/<ADDITIONAL_METADATA>[\s\S]*?<\/ADDITIONAL_METADATA>/g, /<USER_SETTINGS_CHANGE>[\s\S]*?<\/USER_SETTINGS_CHANGE>/g];

/** What the person typed, without the wrapper and the blocks agy adds around it. */
export function typedText(content: string): string {
  let text = content;
  for (const block of ADDED_BLOCKS) text = text.replace(block, '');
  return text.replace(REQUEST_OPEN, '').replace(REQUEST_CLOSE, '').trim();
}

export interface ToolCall {
  readonly id: string;
  readonly name: string;
}

/** A planner step's thinking, text and tool calls (ids from the step when it has none). */
export function plannerParts(step: Json, stepKey: string): { parts: Part[]; calls: ToolCall[] } {
  const parts: Part[] = [];
  const thinking = str(step.thinking);
  if (thinking?.trim()) parts.push({ type: 'reasoning', content: thinking });
  const text = str(step.content);
  if (text?.trim()) parts.push({ type: 'text', content: text });
  const calls: ToolCall[] = [];
  arr(step.tool_calls).forEach((call, n) => {
    if (!isObject(call)) return;
    const id = str(call.id) ?? `${stepKey}#${n + 1}`;
    const name = str(call.name) ?? 'tool';
    const args = call.args ?? call.arguments;
    parts.push({ type: 'tool_call', id, name, arguments: typeof args === 'string' ? args : asText(args ?? {}) });
    calls.push({ id, name });
  });
  return { parts, calls };
}
