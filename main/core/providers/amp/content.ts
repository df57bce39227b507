/**
 * Anthropic-style content blocks, as both Amp formats write them, → record parts. The stream
 * (`--stream-json`) uses the Messages API shape; the thread files use the same block types with
 * Amp's own tool-result shape (`toolUseID` + `run`).
 */
import type { Part, ToolCallResponsePart, Usage } from '../../../../shared/record';
import { isToolUse, textOrReasoningPart } from '../kit/anthropic';
import { arr, asText, isObject, num, str, type Json } from '../kit/json';

/** Tool-run states that mean the tool did not complete normally. */
const FAILED_RUN = new Set(['error', 'cancelled', 'rejected-by-user', 'failed', 'blocked-on-user']);

/** An assistant message's blocks: text, thinking, tool calls; anything else kept as generic. */
export function assistantParts(content: unknown, unknown: Set<string>): Part[] {
  if (typeof content === 'string') return content ? [{ type: 'text', content }] : [];
  const parts: Part[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    const type = str(block.type) ?? 'unknown';
    const shared = textOrReasoningPart(block);
    if (shared) parts.push(shared);
    else if (isToolUse(block)) parts.push(toolCall(block));
    else if (type === 'image') parts.push(imagePart(block));
    else {
      unknown.add(`block:${type}`);
      parts.push({ type: 'generic', kind: type, content: JSON.stringify(block) });
    }
  }
  return parts;
}

/** A user message's blocks, split: what was written (text, images) and the tool results. */
export function userParts(content: unknown, unknown: Set<string>): { written: Part[]; results: ToolCallResponsePart[] } {
  if (typeof content === 'string') return { written: content ? [{ type: 'text', content }] : [], results: [] };
  const written: Part[] = [];
  const results: ToolCallResponsePart[] = [];
  for (const block of arr(content)) {
    if (!isObject(block)) continue;
    const type = str(block.type) ?? 'unknown';
    if (type === 'text') written.push({ type: 'text', content: str(block.text) ?? '' });
    else if (type === 'image') written.push(imagePart(block));
    else if (type === 'tool_result') results.push(toolResult(block));
    else {
      unknown.add(`block:${type}`);
      written.push({ type: 'generic', kind: type, content: JSON.stringify(block) });
    }
  }
  return { written, results };
}

function toolCall(block: Json): Part {
  const input = block.input;
  return {
    type: 'tool_call',
    id: str(block.id) ?? '',
    name: str(block.name) ?? 'unknown',
    // Free-form input stays as written; structured input is JSON text.
    arguments: typeof input === 'string' ? input : JSON.stringify(input ?? {}),
  };
}

/**
 * Stream shape `{tool_use_id, content, is_error}`; thread shape `{toolUseID, run: {status,
 * result | error | progress}}`.
 */
function toolResult(block: Json): ToolCallResponsePart {
  const id = str(block.tool_use_id) ?? str(block.toolUseID) ?? str(block.toolUseId) ?? '';
  const run = isObject(block.run) ? block.run : undefined;
  if (run) {
    const status = str(run.status);
    const body = run.result ?? run.error ?? run.progress;
    const part: ToolCallResponsePart = { type: 'tool_call_response', id, response: asText(body) || (status ? `[${status}]` : '') };
    if ((status && FAILED_RUN.has(status)) || run.error !== undefined) part.isError = true;
    return part;
  }
  const part: ToolCallResponsePart = { type: 'tool_call_response', id, response: resultText(block.content) };
  if (block.is_error === true) part.isError = true;
  return part;
}

/** Tool-result content: a string, or text items joined; anything richer is kept as JSON text. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  const items = arr(content);
  if (items.every((i) => isObject(i) && i.type === 'text')) return items.map((i) => str((i as Json).text) ?? '').join('\n');
  return asText(content);
}

function imagePart(block: Json): Part {
  const source = isObject(block.source) ? block.source : undefined;
  const data = source ? str(source.data) : undefined;
  if (source && source.type === 'base64' && data) {
    return { type: 'blob', modality: 'image', mimeType: str(source.media_type) ?? 'image/png', content: data };
  }
  return { type: 'generic', kind: 'image-ref', content: JSON.stringify(block) };
}

/** Token counts in either naming (`input_tokens` in the stream, `inputTokens` in threads). */
export function usageFrom(raw: unknown): Usage | undefined {
  if (!isObject(raw)) return undefined;
  const usage: Usage = {};
  const set = (key: keyof Usage, ...names: string[]) => {
    for (const name of names) {
      const v = num(raw[name]);
      if (v !== undefined) {
        usage[key] = v;
        return;
      }
    }
  };
  set('inputTokens', 'input_tokens', 'inputTokens');
  set('outputTokens', 'output_tokens', 'outputTokens');
  set('cacheReadTokens', 'cache_read_input_tokens', 'cacheReadInputTokens');
  set('cacheWriteTokens', 'cache_creation_input_tokens', 'cacheCreationInputTokens');
  set('reasoningTokens', 'reasoning_tokens', 'reasoningTokens');
  return Object.keys(usage).length ? usage : undefined;
}



export function textOf(parts: readonly Part[]): string {
  return parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
}
