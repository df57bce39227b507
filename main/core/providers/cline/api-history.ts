/**
 * Reads `api_conversation_history.json` beside a task's ui_messages.json (Anthropic-format
 * messages Cline sent to the model). It is used only for what the UI stream lacks: the
 * model's own tool-call ids, names and arguments, and the tool results it was given.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isObject, str, type Json } from '../kit/json';
import { parseJson } from '../kit/parse-json';

export interface ApiToolUse {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
}

export interface ApiToolResult {
  readonly text: string;
  readonly isError: boolean;
  readonly raw: string;
}

export interface ApiHistory {
  /** tool_use blocks of the assistant message at each history index. */
  readonly toolUses: Map<number, ApiToolUse[]>;
  readonly results: Map<string, ApiToolResult>;
}

export async function readApiHistory(uiMessagesPath: string): Promise<ApiHistory | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(path.dirname(uiMessagesPath), 'api_conversation_history.json'), 'utf8');
  } catch {
    return undefined; // absent: the UI stream alone is read
  }
  let messages: unknown;
  try {
    messages = parseJson(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(messages)) return undefined;
  const toolUses = new Map<number, ApiToolUse[]>();
  const results = new Map<string, ApiToolResult>();
  messages.forEach((message, index) => {
    if (!isObject(message) || !Array.isArray(message.content)) return;
    for (const block of message.content) {
      if (!isObject(block)) continue;
      if (block.type === 'tool_use' && str(block.id)) {
        const list = toolUses.get(index) ?? [];
        list.push({ id: str(block.id)!, name: str(block.name) ?? 'tool', arguments: JSON.stringify(block.input ?? {}) });
        toolUses.set(index, list);
      } else if (block.type === 'tool_result' && str(block.tool_use_id)) {
        results.set(str(block.tool_use_id)!, { text: resultText(block), isError: block.is_error === true, raw: JSON.stringify(block) });
      }
    }
  });
  return { toolUses, results };
}

function resultText(block: Json): string {
  const content = block.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : '')).join('\n');
}
