/** Turns Anthropic content blocks into normalized parts. */
import type { BlobPart, Part, ToolCallPart, Usage } from '../../../../shared/record';
import type { RawBlock } from './records';
import { isToolUse, textOrReasoningPart } from '../kit/anthropic';
import { blocksOf, isObject, str } from './records';

/** Parts of an assistant record: text, reasoning, tool calls, images, anything else labelled. */
export function assistantParts(content: unknown): Part[] {
  const parts: Part[] = [];
  for (const block of blocksOf(content)) {
    parts.push(textOrReasoningPart(block) ?? (isToolUse(block) ? toolCall(block) : otherPart(block)));
  }
  return parts;
}

/** Parts of a user record: typed text, pasted images, tool results (with their images). */
export function userParts(content: unknown): Part[] {
  const parts: Part[] = [];
  for (const block of blocksOf(content)) {
    if (block.type === 'text') parts.push({ type: 'text', content: str(block.text) ?? '' });
    else if (block.type === 'tool_result') pushToolResult(parts, block);
    else parts.push(otherPart(block));
  }
  return parts;
}

function toolCall(block: RawBlock): ToolCallPart {
  return {
    type: 'tool_call',
    id: str(block.id) ?? '',
    name: str(block.name) ?? '',
    arguments: block.input === undefined ? '' : JSON.stringify(block.input),
  };
}

/** A tool result becomes one response part; images inside it follow as blob parts. */
function pushToolResult(parts: Part[], block: RawBlock): void {
  const texts: string[] = [];
  const blobs: Part[] = [];
  for (const inner of resultBlocks(block.content)) {
    if (inner.type === 'text') texts.push(str(inner.text) ?? '');
    else if (inner.type === 'image' || inner.type === 'document') blobs.push(otherPart(inner));
    else texts.push(JSON.stringify(inner));
  }
  parts.push({
    type: 'tool_call_response',
    id: str(block.tool_use_id) ?? '',
    response: typeof block.content === 'string' ? block.content : texts.join('\n'),
    ...(block.is_error === true ? { isError: true } : {}),
  });
  for (const blob of blobs) parts.push(blob);
}

function resultBlocks(content: unknown): RawBlock[] {
  return typeof content === 'string' ? [] : blocksOf(content);
}

/** Images and documents as blobs; server tool results as responses; the rest kept labelled. */
function otherPart(block: RawBlock): Part {
  if (block.type === 'image' || block.type === 'document') {
    const blob = blobOf(block);
    if (blob) return blob;
  }
  const type = str(block.type) ?? 'unknown';
  if (type.endsWith('_tool_result') && typeof block.tool_use_id === 'string') {
    // Server-side tools (web search/fetch) answer inside the assistant message.
    return { type: 'tool_call_response', id: block.tool_use_id, response: JSON.stringify(block.content ?? null) };
  }
  return { type: 'generic', kind: type, content: JSON.stringify(block) };
}

function blobOf(block: RawBlock): BlobPart | undefined {
  if (!isObject(block.source)) return undefined;
  const source = block.source;
  const data = str(source.data);
  if (source.type !== 'base64' || data === undefined) return undefined;
  const modality = block.type === 'image' ? 'image' : 'file';
  return { type: 'blob', modality, mimeType: str(source.media_type) ?? sniffMime(data), content: data };
}

/** Images inside tool results may lack media_type; the base64 prefix tells the format. */
function sniffMime(base64: string): string {
  if (base64.startsWith('iVBOR')) return 'image/png';
  if (base64.startsWith('/9j/')) return 'image/jpeg';
  if (base64.startsWith('R0lGOD')) return 'image/gif';
  if (base64.startsWith('UklGR')) return 'image/webp';
  if (base64.startsWith('JVBER')) return 'application/pdf';
  return 'application/octet-stream';
}

/** Anthropic usage → normalized usage; fields the API did not report stay absent. */
export function usageOf(raw: unknown): Usage | undefined {
  if (!isObject(raw)) return undefined;
  const usage: Usage = {};
  if (typeof raw.input_tokens === 'number') usage.inputTokens = raw.input_tokens;
  if (typeof raw.output_tokens === 'number') usage.outputTokens = raw.output_tokens;
  if (typeof raw.cache_read_input_tokens === 'number') usage.cacheReadTokens = raw.cache_read_input_tokens;
  if (typeof raw.cache_creation_input_tokens === 'number') usage.cacheWriteTokens = raw.cache_creation_input_tokens;
  return usage;
}

export function addUsage(total: Usage, usage: Usage): void {
  if (usage.inputTokens !== undefined) total.inputTokens = (total.inputTokens ?? 0) + usage.inputTokens;
  if (usage.outputTokens !== undefined) total.outputTokens = (total.outputTokens ?? 0) + usage.outputTokens;
  if (usage.cacheReadTokens !== undefined) total.cacheReadTokens = (total.cacheReadTokens ?? 0) + usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) total.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + usage.cacheWriteTokens;
}
