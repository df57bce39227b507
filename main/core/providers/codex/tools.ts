/** Codex tool calls and their outputs → tool_call / tool_call_response parts. */
import type { Part, ToolCallPart } from '../../../../shared/record';
import { contentParts, contentText, imagePart } from './content';
import { asText, num, obj, str, type Json } from '../kit/json';

/** response_item payload types that are a tool call (the PROVENANCE "tool calls" set). */
export const TOOL_CALL_TYPES = new Set([
  'function_call',
  'custom_tool_call',
  'local_shell_call',
  'web_search_call',
  'tool_search_call',
  'image_generation_call',
  'mcp_tool_call',
]);

/** response_item payload types that carry a tool's result, joined to its call by call_id. */
export const TOOL_OUTPUT_TYPES = new Set([
  'function_call_output',
  'custom_tool_call_output',
  'tool_search_output',
  'mcp_tool_call_output',
  'local_shell_call_output',
]);

/** Fixed names for the built-in tools whose records have no `name`. */
const BUILTIN_NAMES: Readonly<Record<string, string>> = {
  local_shell_call: 'local_shell',
  web_search_call: 'web_search',
  tool_search_call: 'tool_search',
  image_generation_call: 'image_generation',
};

/** `lineKey` names the line (`L12`, or `<rollout>.L12` in a continuation segment) for calls Codex gave no id. */
export function toolCallPart(payload: Json, type: string, lineKey: string): ToolCallPart {
  const id = str(payload.call_id) ?? str(payload.id) ?? `${type}_${lineKey}`;
  return { type: 'tool_call', id, name: toolName(payload, type), arguments: toolArguments(payload, type) };
}

function toolName(payload: Json, type: string): string {
  if (type === 'mcp_tool_call') {
    const server = str(payload.server);
    const tool = str(payload.tool) ?? str(payload.name) ?? 'mcp_tool';
    return server ? `${server}.${tool}` : tool;
  }
  const name = str(payload.name) ?? BUILTIN_NAMES[type] ?? type;
  // Newer builds name an MCP tool's server apart (`namespace: "mcp__github"`, `name: "get_me"`):
  // the qualified name, as the model was offered it, says which server's tool it was.
  const namespace = str(payload.namespace);
  if (!namespace || name.startsWith(namespace)) return name;
  return `${namespace}${namespace.endsWith('__') ? '' : '__'}${name}`;
}

/** The arguments as written: the raw string where Codex kept one, else JSON of the action. */
function toolArguments(payload: Json, type: string): string {
  switch (type) {
    case 'custom_tool_call':
      return asText(payload.input);
    case 'local_shell_call':
    case 'web_search_call':
      return JSON.stringify(payload.action ?? {});
    case 'image_generation_call':
      return JSON.stringify({ revised_prompt: payload.revised_prompt ?? null });
    default:
      return asText(payload.arguments ?? payload.input);
  }
}

/** The parts of a tool-output record: the response, plus any images it returned. */
export function toolOutputParts(payload: Json, type: string, lineKey: string): Part[] {
  const id = str(payload.call_id) ?? str(payload.id) ?? `${type}_${lineKey}`;
  const raw = type === 'tool_search_output' ? payload.tools : (payload.output ?? payload.result);
  const { text, images, failed } = readOutput(raw);
  const part: Part = { type: 'tool_call_response', id, response: text };
  if (failed || payload.success === false || (type !== 'tool_search_output' && exitCodeFailed(text))) part.isError = true;
  return [part, ...images];
}

interface OutputRead {
  readonly text: string;
  readonly images: Part[];
  readonly failed: boolean;
}

/** Output is a string, an array of content items, or (some versions) `{content, success}`. */
function readOutput(raw: unknown): OutputRead {
  if (typeof raw === 'string') return { text: raw, images: [], failed: false };
  if (Array.isArray(raw)) {
    const images = contentParts(raw).filter((p) => p.type !== 'text');
    return { text: contentText(raw), images, failed: false };
  }
  const o = obj(raw);
  if (o && ('content' in o || 'success' in o)) {
    const inner = readOutput(o.content);
    return { ...inner, failed: o.success === false };
  }
  return { text: asText(raw), images: [], failed: false };
}

const EXIT_LINE = /(?:^Exit code: |Process exited with code )(-?\d+)/m;

/**
 * Shell results say how the command ended: `Exit code: N` / `Process exited with code N` in
 * newer versions, a JSON `{output, metadata:{exit_code}}` string in 0.3x. Only the head is read.
 */
function exitCodeFailed(text: string): boolean {
  const head = text.length > 600 ? text.slice(0, 600) : text;
  const m = EXIT_LINE.exec(head);
  if (m) return Number(m[1]) !== 0;
  if (!head.startsWith('{"output"')) return false;
  try {
    const code = num(obj(obj(JSON.parse(text))?.metadata)?.exit_code);
    return code !== undefined && code !== 0;
  } catch {
    return false;
  }
}

/** image_generation_call carries its picture inline (`result`, base64 PNG). */
export function generatedImageParts(payload: Json, callId: string): Part[] {
  const result = str(payload.result);
  if (!result) return [];
  const image = result.startsWith('data:') ? imagePart(result) : { type: 'blob' as const, modality: 'image' as const, mimeType: 'image/png', content: result };
  return [{ type: 'tool_call_response', id: callId, response: str(payload.status) ?? '' }, image];
}

