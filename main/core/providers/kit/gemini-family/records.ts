/**
 * One Gemini CLI message record (`{id, timestamp, type, content, displayContent?, thoughts?,
 * toolCalls?, tokens?, model?}`) → normalized messages: a `gemini` record becomes the assistant
 * message plus a tool message holding its tool results; a `user` record becomes the typed
 * prompt (plus the expanded text that was sent, when it differs), a system message, or a tool
 * message (newer CLIs record tool responses as `user` records of functionResponse parts).
 */
import type { Message, Part, Role } from '../../../../../shared/record';
import { classifyUser } from './classify';
import { arr, asText, isObject, obj, str, type Json } from '../json';
import { convertParts, functionResponseParts, partList, type UnknownSink } from './parts';
import { toolResultParts } from './tools';
import { usageFromCliTokens } from './usage';

export interface ConvertContext {
  readonly unknownParts: UnknownSink;
  readonly unknownTypes: Set<string>;
  /** Call ids whose response is recorded in a `user` record: not taken from toolCalls again. */
  readonly answeredInUser: ReadonlySet<string>;
  /** `toolCalls[].status` by call id, so a functionResponse of a failed call is an error. */
  readonly statusById: ReadonlyMap<string, string>;
}

export interface RecordInput {
  readonly id: string;
  readonly record: Json;
  readonly raw: string;
  /** The CLI's own turn (checkpoint.ts): a system message of this kind, whatever its type. */
  readonly harness?: string;
}

const SYSTEM_TYPES = new Set(['info', 'error', 'warning']);
const FAILED = new Set(['error', 'cancelled']);

export function convertRecord(input: RecordInput, cctx: ConvertContext): Message[] {
  const type = str(input.record.type);
  if (input.harness) {
    const parts = convertParts(input.record.content, input.id, cctx.unknownParts);
    return [message(input, input.id, 'system', parts.length ? parts : [{ type: 'text', content: '' }], input.harness)];
  }
  if (type === 'user') return userMessages(input, cctx);
  if (type === 'gemini') return geminiMessages(input, cctx);
  if (type && SYSTEM_TYPES.has(type)) {
    const parts = convertParts(input.record.content, input.id, cctx.unknownParts);
    return [message(input, input.id, 'system', parts.length ? parts : [{ type: 'text', content: '' }], type)];
  }
  const name = type ?? '(untyped)';
  cctx.unknownTypes.add(name);
  return [message(input, input.id, 'system', [{ type: 'generic', kind: name, content: input.raw }], 'unknown')];
}

function userMessages(input: RecordInput, cctx: ConvertContext): Message[] {
  const { record } = input;
  const toolParts: Part[] = [];
  const rest: unknown[] = [];
  partList(record.content).forEach((part, index) => {
    const response = obj(obj(part)?.functionResponse);
    if (!response) return rest.push(part);
    const id = str(response.id) ?? `${input.id}:${index}`;
    toolParts.push(...functionResponseParts(response, id, FAILED.has(cctx.statusById.get(id) ?? '')));
  });
  const out: Message[] = [];
  if (toolParts.length) out.push(message(input, input.id, 'tool', toolParts));
  if (!rest.length) return out;
  const id = out.length ? `${input.id}#text` : input.id;
  const parts = convertParts(rest, input.id, cctx.unknownParts);
  const kind = classifyUser(rest, record.displayContent);
  if (kind.role === 'system') {
    out.push(message(input, id, 'system', parts, kind.kind));
    return out;
  }
  const userKind = kind.kind ?? (kind.slash ? 'slash-command' : undefined);
  if (kind.display === undefined) {
    out.push(message(input, id, 'user', parts, userKind));
    return out;
  }
  // What the person typed (`/init`, `@file` references, a steering hint) and, apart, the text the CLI sent for it.
  out.push(message(input, id, 'user', [{ type: 'text', content: kind.display }], userKind));
  const expansion = message(input, `${id}#sent`, 'system', parts, kind.slash ? 'command-expansion' : 'prompt-expansion');
  delete expansion.native; // the record is kept once, on the typed prompt
  out.push(expansion);
  return out;
}

function geminiMessages(input: RecordInput, cctx: ConvertContext): Message[] {
  const { record } = input;
  const parts: Part[] = [];
  for (const thought of arr(record.thoughts)) {
    if (!isObject(thought)) continue;
    const subject = str(thought.subject);
    const description = asText(thought.description);
    parts.push({ type: 'reasoning', content: subject ? `${subject}\n${description}` : description });
  }
  const contentParts = convertParts(record.content, input.id, cctx.unknownParts);
  parts.push(...contentParts);
  const callIds = new Set(contentParts.flatMap((p) => (p.type === 'tool_call' ? [p.id] : [])));
  const results: Part[] = [];
  arr(record.toolCalls).forEach((raw, index) => {
    const call = obj(raw);
    if (!call) return;
    const id = str(call.id) ?? `${input.id}:tool${index}`;
    if (!callIds.has(id)) {
      callIds.add(id);
      parts.push({ type: 'tool_call', id, name: str(call.name) ?? 'unknown', arguments: argsOf(call.args) });
    }
    if (!cctx.answeredInUser.has(id)) results.push(...toolResultParts(call, id, cctx.unknownParts));
  });
  const out: Message[] = [];
  const assistant = message(input, input.id, 'assistant', parts);
  const model = str(record.model);
  if (model) assistant.model = model;
  const usage = usageFromCliTokens(obj(record.tokens));
  if (usage) assistant.usage = usage;
  out.push(assistant); // even when empty: it carries the usage and model of that call
  if (results.length) {
    const tool = message(input, `${input.id}#tools`, 'tool', results);
    if (out.length) delete tool.native; // the record is kept once, on the assistant message
    out.push(tool);
  }
  return out;
}

function argsOf(args: unknown): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {});
}

function message(input: RecordInput, id: string, role: Role, parts: Part[], kind?: string): Message {
  const m: Message = { id, role, parts, native: input.raw, source: 0 };
  const timestamp = str(input.record.timestamp);
  if (timestamp) m.timestamp = timestamp;
  if (kind) m.kind = kind;
  return m;
}
