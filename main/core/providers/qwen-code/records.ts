/**
 * One Qwen Code ChatRecord line → normalized messages. Layout from QwenLM/qwen-code
 * `packages/core/src/services/chatRecordingService.ts` (version 015346f1, mid-2026): every line is
 * `{uuid, parentUuid, sessionId, timestamp, type: user|assistant|tool_result|system, subtype?,
 * cwd, version, gitBranch?, message?: {role, parts}, usageMetadata?, model?, toolCallResult?,
 * systemPayload?, isSidechain?, agentId?}`; `message` is the Gemini API Content.
 */
import type { Message, Part, Role } from '../../../../shared/record';
import { asText, isObject, obj, str, arr, type Json } from '../kit/json';
import { contentText, convertParts, type UnknownSink } from '../kit/gemini-family/parts';
import { usageFromMetadata } from '../kit/gemini-family/usage';

export interface Line {
  readonly record: Json;
  readonly raw: string;
  readonly lineNo: number;
}

export interface Sinks {
  readonly unknownParts: UnknownSink;
  readonly unknownTypes: Set<string>;
}

/** What a line means for the conversation besides its messages. */
export type Effect = { title: string } | { parentSession: string } | undefined;

/** System subtypes that restore state on resume and show nothing: no message. */
const BOOKKEEPING = new Set([
  'ui_telemetry', 'attribution_snapshot', 'file_history_snapshot', 'session_source', 'session_execution_engine',
  'session_model', 'session_approval_mode', 'branch_checkpoint', 'goal_state', 'goal_turn_end', 'turn_result',
  'managed_session_header_v1', 'managed_session_event_v1', 'managed_session_commit_v1', 'session_artifact_event',
  'session_artifact_snapshot', 'session_sources_snapshot', 'agent_session_ready', 'agent_retry', 'user_text_elements',
]);

/** User-role records the person did not type. */
const USER_SYSTEM_SUBTYPES = new Map([
  ['notification', 'notification'],
  ['cron', 'cron'],
  ['goal_runtime', 'goal-runtime'],
]);

export function convertLine(line: Line, sinks: Sinks): { messages: Message[]; effect?: Effect } {
  const { record } = line;
  const type = str(record.type);
  const subtype = str(record.subtype);
  const payload = obj(record.systemPayload);
  switch (type) {
    case 'user':
      return { messages: userMessages(line, subtype, payload, sinks) };
    case 'assistant':
      return { messages: [assistantMessage(line, sinks)] };
    case 'tool_result':
      return { messages: [toolMessage(line, sinks)] };
    case 'system':
      return systemLine(line, subtype, payload, sinks);
    default:
      sinks.unknownTypes.add(type ?? '(untyped)');
      return { messages: [generic(line, type ?? '(untyped)')] };
  }
}

function userMessages(line: Line, subtype: string | undefined, payload: Json | undefined, sinks: Sinks): Message[] {
  const content = obj(line.record.message)?.parts;
  const parts = convertParts(content, line.record.uuid as string, sinks.unknownParts);
  const display = str(payload?.displayText);
  const systemKind = subtype ? USER_SYSTEM_SUBTYPES.get(subtype) : undefined;
  if (systemKind) return [message(line, 'system', display ? [{ type: 'text', content: display }] : parts, systemKind)];
  if (subtype === 'agent_mention' || subtype === 'agent_message') return agentRecord(line, subtype, payload, parts);
  if (subtype && subtype !== 'mid_turn_user_message' && subtype !== 'realtime_message') {
    sinks.unknownTypes.add(`user:${subtype}`);
    return [message(line, 'system', parts, subtype)];
  }
  // Shown as nothing but its attachments (ACP's getStructuredMidTurnDisplayText): the text was the
  // harness's (the prefix of a message sent mid-turn); what was attached is what the person sent.
  if (display !== undefined && !display.trim()) return blankDisplay(line, parts, payload);
  const sent = contentText(content);
  const typed = display ?? sent;
  const kind = typed.trimStart().startsWith('/') ? 'slash-command' : undefined;
  if (display === undefined) return withHookContext(line, parts, kind);
  if (display === sent) return [message(line, 'user', parts, kind)];
  // What the person typed, and apart, what was sent for it (@file contents, hook context).
  return [message(line, 'user', [{ type: 'text', content: display }], kind), splitOff(line, parts, kind ? 'command-expansion' : 'prompt-expansion', '#sent')];
}

/**
 * Workspace agents (packages/core/src/agents/session-agents): `agent_mention` is a message that
 * @-mentions agents — the person's, or an agent's when it has an `author` — and `agent_message` an
 * agent's reply; `systemPayload.displayText` is what the session shows, the parts what the agent
 * was sent.
 */
function agentRecord(line: Line, subtype: 'agent_mention' | 'agent_message', payload: Json | undefined, parts: Part[]): Message[] {
  const text = str(payload?.displayText) ?? contentText(obj(line.record.message)?.parts);
  const author = obj(payload?.author);
  const byAgent = subtype === 'agent_message' || author !== undefined || str(line.record.provenance) === 'external_agent';
  if (!byAgent) {
    const prompt = message(line, 'user', [{ type: 'text', content: text }], 'agent-mention');
    if (!parts.length || contentText(obj(line.record.message)?.parts) === text) return [prompt];
    return [prompt, splitOff(line, parts, 'prompt-expansion', '#sent')];
  }
  const name = str(author?.name) ?? str(author?.agentId) ?? str(line.record.agentId);
  // A run that did not complete says so where its reply would be (conversation-delta.ts toMessage).
  const status = str(payload?.status);
  const error = str(payload?.error) ?? str(obj(payload?.error)?.message);
  const outcome = status && status !== 'completed' ? `(run ${status}${error ? `: ${error}` : ''})` : undefined;
  const answer: Part[] = [{ type: 'text', content: [text, outcome].filter(Boolean).join('\n\n') }];
  if (name) answer.push({ type: 'generic', kind: 'agent', content: name });
  return [message(line, 'assistant', answer, subtype.replace('_', '-'))];
}

/**
 * A prompt shown blank: its attachments are the person's (inline, or kept apart as
 * `systemPayload.attachmentReferences` / `resourceLinks`), its text the harness's.
 */
function blankDisplay(line: Line, parts: Part[], payload: Json | undefined): Message[] {
  const references: Part[] = [...arr(payload?.attachmentReferences), ...arr(payload?.resourceLinks)].filter(isObject).map((r) => ({
    type: 'generic',
    kind: 'attachment',
    content: [str(r.type), str(r.name) ?? str(r.uri) ?? str(r.attachmentId), str(r.mimeType), typeof r.size === 'number' ? `${r.size} bytes` : undefined].filter(Boolean).join(' '),
  }));
  const attached = [...parts.filter((p) => p.type !== 'text'), ...references];
  const text = parts.filter((p) => p.type === 'text');
  if (!attached.length) return [message(line, 'system', text, 'prompt-expansion')];
  const out = [message(line, 'user', attached)];
  if (text.length) out.push(splitOff(line, text, 'prompt-expansion', '#sent'));
  return out;
}

/**
 * A UserPromptSubmit hook's context rides in the person's message as its last part,
 * `<qwen:user-prompt-submit-context>…</qwen:user-prompt-submit-context>`: the harness's, not typed.
 * As Qwen Code strips it (stripTrailingUserPromptSubmitContextPart in
 * packages/core/src/hooks/user-prompt-submit-context.ts), only a last part after others: a message
 * that is nothing but such a tag is what the person typed.
 */
function withHookContext(line: Line, parts: Part[], kind: string | undefined): Message[] {
  const last = parts[parts.length - 1];
  if (parts.length < 2 || last.type !== 'text' || !HOOK_CONTEXT.test(last.content)) return [message(line, 'user', parts, kind)];
  return [message(line, 'user', parts.slice(0, -1), kind), splitOff(line, [last], 'hook-context', '#hook')];
}

const HOOK_CONTEXT = /^\s*<qwen:user-prompt-submit-context>[\s\S]*<\/qwen:user-prompt-submit-context>\s*$/;

function assistantMessage(line: Line, sinks: Sinks): Message {
  const m = message(line, 'assistant', convertParts(obj(line.record.message)?.parts, line.record.uuid as string, sinks.unknownParts));
  const model = str(line.record.model);
  if (model) m.model = model;
  const usage = usageFromMetadata(obj(line.record.usageMetadata));
  if (usage) m.usage = usage;
  return m;
}

/** `toolCallResult.status` / `.error` say whether the call failed. */
function toolMessage(line: Line, sinks: Sinks): Message {
  const result = obj(line.record.toolCallResult);
  const failed = str(result?.status) === 'error' || (result?.error !== undefined && result.error !== null);
  const callId = str(result?.callId);
  const parts = convertParts(obj(line.record.message)?.parts, callId ?? (line.record.uuid as string), sinks.unknownParts);
  for (const p of parts) if (p.type === 'tool_call_response' && failed) p.isError = true;
  if (!parts.some((p) => p.type === 'tool_call_response') && callId) {
    const text = asText(result?.resultDisplay ?? result?.error ?? '');
    parts.unshift(failed ? { type: 'tool_call_response', id: callId, response: text, isError: true } : { type: 'tool_call_response', id: callId, response: text });
  }
  return message(line, 'tool', parts);
}

function systemLine(line: Line, subtype: string | undefined, payload: Json | undefined, sinks: Sinks): { messages: Message[]; effect?: Effect } {
  if (subtype && BOOKKEEPING.has(subtype)) return { messages: [] };
  switch (subtype) {
    case 'custom_title': {
      const title = str(payload?.customTitle);
      return { messages: [], effect: title ? { title } : undefined };
    }
    case 'parent_session': {
      const parent = str(payload?.parentSessionId);
      return { messages: [], effect: parent ? { parentSession: parent } : undefined };
    }
    case 'slash_command':
      return { messages: [slashCommand(line, payload)] };
    case 'chat_compression':
      return { messages: [message(line, 'system', compressionParts(payload), 'compaction-summary')] };
    case 'rewind':
      return { messages: [message(line, 'system', [{ type: 'text', content: `Rewound (${asText(payload?.truncatedCount)} items undone; they stay above as an abandoned branch)` }], 'rewind')] };
    case 'at_command': {
      const files = arr(payload?.filesRead).map(asText).join(', ');
      const text = [str(payload?.message), files ? `Files read: ${files}` : undefined].filter(Boolean).join('\n');
      return { messages: [message(line, 'system', [{ type: 'text', content: text }], 'at-command')] };
    }
    case 'notification':
    case 'background_task_completed':
      return { messages: [message(line, 'system', [{ type: 'text', content: str(payload?.displayText) ?? asText(payload) }], 'notification')] };
    case 'session_notes':
    case 'omni_recall':
    case 'agent_bootstrap':
    case 'agent_launch_prompt':
      return { messages: [message(line, 'system', [{ type: 'generic', kind: subtype, content: asText(line.record.systemPayload ?? line.record.message) }], subtype.replace(/_/g, '-'))] };
    default:
      sinks.unknownTypes.add(`system:${subtype ?? '(none)'}`);
      return { messages: [generic(line, `system:${subtype ?? '(none)'}`)] };
  }
}

/** The command the person typed (`invocation`), or what it printed (`result`). */
function slashCommand(line: Line, payload: Json | undefined): Message {
  const raw = str(payload?.rawCommand) ?? '';
  if (str(payload?.phase) !== 'result') return message(line, 'user', [{ type: 'text', content: raw }], 'slash-command');
  const items = arr(payload?.outputHistoryItems);
  const text = items.map((item) => str(obj(item)?.text) ?? '').filter(Boolean).join('\n');
  const parts: Part[] = text ? [{ type: 'text', content: text }] : [];
  if (items.length) parts.push({ type: 'generic', kind: 'output-history-items', content: JSON.stringify(items) });
  if (!parts.length) parts.push({ type: 'text', content: raw });
  return message(line, 'system', parts, 'command-output');
}

function compressionParts(payload: Json | undefined): Part[] {
  const blocks = arr(payload?.compressedHistory).flatMap((c) => {
    if (!isObject(c)) return [];
    const text = contentText(c.parts);
    return text ? [`[${str(c.role) ?? 'unknown'}]\n${text}`] : [];
  });
  const parts: Part[] = [{ type: 'text', content: blocks.join('\n\n') || 'Context compressed' }];
  if (payload?.info !== undefined) parts.push({ type: 'generic', kind: 'compression-info', content: asText(payload.info) });
  return parts;
}

function generic(line: Line, kind: string): Message {
  return message(line, 'system', [{ type: 'generic', kind, content: line.raw }], 'unknown');
}

/** What the harness added to the person's line, as a system message of its own: the line's native record stays with what they typed. */
function splitOff(line: Line, parts: Part[], kind: string, suffix: string): Message {
  const m = message(line, 'system', parts, kind, suffix);
  delete m.native;
  return m;
}

function message(line: Line, role: Role, parts: Part[], kind?: string, suffix = ''): Message {
  const m: Message = { id: `${str(line.record.uuid) ?? `L${line.lineNo}`}${suffix}`, role, parts, native: line.raw, source: 0 };
  const timestamp = str(line.record.timestamp);
  if (timestamp) m.timestamp = timestamp;
  if (kind) m.kind = kind;
  return m;
}
