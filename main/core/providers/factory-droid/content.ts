/** Droid content blocks (Anthropic-style) → record parts. */
import type { Part } from '../../../../shared/record';
import { textOrReasoningPart } from '../kit/anthropic';
import { arr, asText, isObject, str, type Json } from '../kit/json';

/** Assistant blocks: text, thinking, tool_use. Unknown block types are kept as `generic`. */
export function assistantBlock(block: Json, lineNo: number, index: number, unknown: Set<string>): Part | undefined {
  const type = str(block.type) ?? '(untyped)';
  const shared = textOrReasoningPart(block);
  if (shared) return shared;
  switch (type) {
    case 'tool_use':
      return { type: 'tool_call', id: str(block.id) ?? `droid_L${lineNo}_${index}`, name: str(block.name) ?? 'tool', arguments: asText(block.input ?? {}) };
    case 'image':
      return imagePart(block);
  }
  unknown.add(`block:${type}`);
  return { type: 'generic', kind: type, content: JSON.stringify(block) };
}

/** `tool_result` → the response joined to its call; images inside the result become blobs. */
export function toolResultParts(block: Json): Part[] {
  const content = block.content;
  let text = '';
  const extra: Part[] = [];
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    for (const item of content) {
      if (!isObject(item)) continue;
      if (item.type === 'text') text += (text ? '\n' : '') + (str(item.text) ?? '');
      else if (item.type === 'image') extra.push(imagePart(item));
      else extra.push({ type: 'generic', kind: str(item.type) ?? 'content', content: JSON.stringify(item) });
    }
  } else text = asText(content);
  const part: Part = { type: 'tool_call_response', id: str(block.tool_use_id) ?? '', response: text };
  if (block.is_error === true) part.isError = true;
  return [part, ...extra];
}

export function imagePart(block: Json): Part {
  const source = isObject(block.source) ? block.source : undefined;
  const data = str(source?.data);
  if (data) return { type: 'blob', modality: 'image', mimeType: str(source?.media_type) ?? 'image/png', content: data };
  return { type: 'generic', kind: 'image-ref', content: JSON.stringify(block) };
}

export function blocksOf(message: Json): Json[] {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return arr(message.content).filter(isObject);
}
