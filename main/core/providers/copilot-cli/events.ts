/**
 * Copilot CLI events → messages. Each line is one `{type, data, id, timestamp, parentId,
 * agentId?}` event; the types are those of the Copilot SDK's session-events schema.
 */
import type { Part } from '../../../../shared/record';
import { assistantParts, toolCallPart, toolResultParts, userParts } from './content';
import { asText, isObject, num, obj, str, type Json } from '../kit/json';
import { copilotUsage, type CopilotState } from './state';
import type { Line, Thread } from './thread';

/** Events that make no message: turn bookkeeping, UI state, streaming, settings. */
const QUIET = new Set([
  'assistant.turn_start',
  'assistant.turn_end',
  'assistant.idle',
  'assistant.intent',
  'assistant.message_start',
  'assistant.message_delta',
  'assistant.reasoning_delta',
  'assistant.streaming_delta',
  'assistant.tool_call_delta',
  'assistant.server_tool_progress',
  'tool.execution_partial_result',
  'tool.execution_progress',
  'session.idle',
  'session.remote_steerable_changed',
  'session.mode_changed',
  'session.permissions_changed',
  'session.session_limits_changed',
  'session.plan_changed',
  'session.todos_changed',
  'session.workspace_file_changed',
  'session.usage_info',
  'session.usage_checkpoint',
  'session.context_changed',
  'session.compaction_start',
  'session.autopilot_objective_changed',
  'session.schedule_created',
  'session.schedule_cancelled',
  'session.schedule_rearmed',
  'session.auto_mode_resolved',
  'session.canvas.recorded',
  'session.canvas.removed',
  'permission.requested',
  'permission.completed',
  'subagent.selected',
  'subagent.deselected',
  'tool_search.activated',
  'external_tool.requested',
  'external_tool.completed',
  'hook.progress',
  'pending_messages.modified',
]);

/** `system` messages whose text is one field of the event. */
const NOTICES: Readonly<Record<string, { kind: string; field: string }>> = {
  'session.info': { kind: 'info', field: 'message' },
  'session.warning': { kind: 'warning', field: 'message' },
  'session.error': { kind: 'api-error', field: 'message' },
  'system.notification': { kind: 'notification', field: 'content' },
  'session.task_complete': { kind: 'task-complete', field: 'summary' },
  'skill.invoked': { kind: 'skill', field: 'content' },
  'session.handoff': { kind: 'handoff', field: 'summary' },
  'session.context_cleared': { kind: 'context-cleared', field: 'initialMessage' },
};

export function handleEvent(s: CopilotState, line: Line, record: Json, type: string, data: Json): void {
  const t = s.threadFor(record, data, type);
  switch (type) {
    case 'session.start':
    case 'session.resume':
      return sessionStart(s, data, type);
    case 'user.message':
      return userMessage(s, t, line, data);
    case 'system.message':
      t.push(line, 'system', textParts(str(data.content)), 'system-prompt');
      return;
    case 'assistant.message':
      return assistantMessage(s, t, line, data);
    case 'assistant.reasoning':
      return reasoning(s, t, line, data);
    case 'assistant.usage':
      return assistantUsage(s, t, data);
    case 'tool.user_requested':
      return userRequestedTool(t, line, data);
    case 'tool.execution_start':
      return toolStart(s, t, line, data);
    case 'tool.execution_complete':
      return toolComplete(s, t, line, data);
    case 'hook.start':
      t.openHooks.set(str(data.hookInvocationId) ?? '', line.raw);
      return;
    case 'hook.end':
      return hookEnd(t, line, data);
    case 'abort':
      t.push(line, 'system', [{ type: 'text', content: `Aborted (${asText(data.reason) || 'unknown reason'})` }], 'interrupt');
      return;
    case 'session.model_change':
      return s.setModel(str(data.newModel), t);
    case 'session.title_changed':
      s.session.title = str(data.title) ?? s.session.title;
      return;
    case 'session.shutdown':
      s.addShutdown(data);
      if (str(data.currentModel)) s.setModel(str(data.currentModel));
      return;
    case 'session.compaction_complete':
      return compaction(t, line, data);
    case 'session.truncation':
    case 'session.snapshot_rewind':
      t.push(line, 'system', [{ type: 'generic', kind: type, content: JSON.stringify(data) }], type === 'session.truncation' ? 'truncation' : 'rewind');
      return;
    case 'session.binary_asset':
      return binaryAsset(t, line, data);
    case 'subagent.started':
      t.agentName = str(data.agentDisplayName) ?? str(data.agentName);
      t.push(line, 'system', textParts(`${t.agentName ?? 'Subagent'}: ${str(data.agentDescription) ?? ''}`), 'subagent-started');
      if (str(data.model)) s.setModel(str(data.model), t);
      return;
    case 'subagent.completed':
    case 'subagent.failed':
      t.push(line, 'system', textParts(str(data.error) ?? `${t.agentName ?? 'Subagent'} ${type === 'subagent.failed' ? 'failed' : 'completed'}`), type.replace('.', '-'));
      return;
  }
  const notice = NOTICES[type];
  if (notice) {
    t.push(line, 'system', textParts(asText(data[notice.field])), notice.kind);
    return;
  }
  // Events flagged ephemeral are live UI updates; a log never needs them to be read.
  if (QUIET.has(type) || record.ephemeral === true) return;
  s.unknownTypes.add(type);
  t.push(line, 'system', [{ type: 'generic', kind: type, content: line.raw }], 'unknown');
}

function textParts(text: string | undefined): Part[] {
  return text ? [{ type: 'text', content: text }] : [];
}

function sessionStart(s: CopilotState, data: Json, type: string): void {
  const info = s.session;
  const context = obj(data.context);
  if (type === 'session.start') {
    info.id ??= str(data.sessionId);
    info.startedAt ??= str(data.startTime);
    info.version ??= str(data.copilotVersion);
  }
  info.cwd ??= str(context?.cwd);
  info.gitBranch ??= str(context?.branch);
  s.setModel(str(data.selectedModel));
}

/**
 * `user.message` is what the person typed, unless the harness wrote it: autopilot's "keep going"
 * nudges (`isAutopilotContinuation`, or an empty `content` with only `transformedContent` in
 * 1.0.3x), hidden skill or inter-agent prompts (`source`), or a subagent's task.
 */
function userMessage(s: CopilotState, t: Thread, line: Line, data: Json): void {
  const content = str(data.content) ?? '';
  const transformed = str(data.transformedContent);
  if (t !== s.main) {
    t.push(line, 'system', userParts(data, content || transformed || ''), 'subagent-task');
    return;
  }
  if (data.isAutopilotContinuation === true || !content.trim()) {
    t.push(line, 'system', userParts(data, transformed ?? content), 'autopilot-continuation');
    return;
  }
  const injected = injectedSource(str(data.source)) ?? injectedContent(content, transformed);
  if (injected) {
    t.push(line, 'system', userParts(data, content), injected);
    return;
  }
  t.push(line, 'user', userParts(data, content), content.trimStart().startsWith('/') ? 'slash-command' : undefined);
}

/**
 * `source` values that mark a message the harness wrote; anything else stays the person's. 1.0.7x
 * sends the AGENTS.md files it finds as a user message of `source: "instruction-discovery"`.
 */
function injectedSource(source: string | undefined): string | undefined {
  if (!source) return undefined;
  if (source.startsWith('skill-')) return 'skill';
  if (source.startsWith('agent-')) return 'agent-message';
  if (source.startsWith('instruction')) return 'instructions';
  if (/^(system|schedule|autopilot|hook|notification|command)/.test(source)) return source;
  return undefined;
}

/**
 * A message the harness wrote without a `source`: one whole tag of its own (`<system_reminder>`,
 * `<system_notification>` when a background agent ends) or, in its sent form, a message relayed
 * from another session (`<cross_session_message>`).
 */
function injectedContent(content: string, transformed: string | undefined): string | undefined {
  const tag = /^\s*<(system_reminder|system_notification)>[\s\S]*<\/\1>\s*$/.exec(content)?.[1];
  if (tag) return tag.replace('_', '-');
  return transformed?.trimStart().startsWith('<cross_session_message') ? 'cross-session-message' : undefined;
}

function assistantMessage(s: CopilotState, t: Thread, line: Line, data: Json): void {
  const parts = assistantParts(data, t.lastReasoning, line.lineNo);
  t.lastReasoning = undefined;
  const output = num(data.outputTokens);
  if (output !== undefined) t.outputTokens += output;
  if (!parts.length) return; // an empty turn (no text, no calls, no thinking) shows nothing
  const model = str(data.model) ?? s.currentModel;
  if (str(data.model)) s.setModel(str(data.model), t);
  t.pushAssistant(line, parts, model, output !== undefined ? { outputTokens: output } : undefined);
}

function reasoning(s: CopilotState, t: Thread, line: Line, data: Json): void {
  const content = str(data.content) ?? '';
  t.lastReasoning = content || undefined;
  t.pushAssistant(line, [{ type: 'reasoning', content, ...(content ? {} : { redacted: true }) }], s.currentModel);
}

function assistantUsage(s: CopilotState, t: Thread, data: Json): void {
  const usage = copilotUsage(data);
  if (str(data.model)) s.setModel(str(data.model), t);
  if (!usage) return;
  s.addCallUsage(usage);
  const last = t.lastAssistant;
  if (last && (!last.usage || last.usage.inputTokens === undefined)) last.usage = { ...last.usage, ...usage };
}

function userRequestedTool(t: Thread, line: Line, data: Json): void {
  const call = toolCallPart(data, `call_L${line.lineNo}`);
  const message = t.push(line, 'system', [call], 'user-requested-tool');
  t.callMessages.set(call.id, message);
}

/** The call is normally already shown from `assistant.message.toolRequests`; then this joins it. */
function toolStart(s: CopilotState, t: Thread, line: Line, data: Json): void {
  const id = str(data.toolCallId) ?? `call_L${line.lineNo}`;
  const known = t.callMessages.get(id);
  if (known) {
    known.native = `${known.native}\n${line.raw}`;
    return;
  }
  t.pushAssistant(line, [toolCallPart({ ...data, toolCallId: id }, id)], str(data.model) ?? s.currentModel);
}

function toolComplete(s: CopilotState, t: Thread, line: Line, data: Json): void {
  const id = str(data.toolCallId) ?? `call_L${line.lineNo}`;
  if (str(data.model)) s.setModel(str(data.model), t);
  t.push(line, 'tool', toolResultParts(data, id));
}

/** Hooks that failed or returned something are kept (the person may have seen them); the rest are bookkeeping. */
function hookEnd(t: Thread, line: Line, data: Json): void {
  const invocation = str(data.hookInvocationId) ?? '';
  const start = t.openHooks.get(invocation);
  t.openHooks.delete(invocation);
  const output = data.output;
  const hasOutput = output !== undefined && output !== null && !(isObject(output) && Object.keys(output).length === 0) && output !== '';
  if (data.success !== false && !hasOutput) return;
  const hook = str(data.hookType) ?? 'hook';
  const parts: Part[] = [];
  if (data.success === false) parts.push({ type: 'text', content: `${hook} hook failed: ${asText(obj(data.error)?.message ?? data.error)}` });
  if (hasOutput) parts.push({ type: 'generic', kind: `hook-output:${hook}`, content: asText(output) });
  const message = t.push(line, 'system', parts, 'hook');
  if (start) message.native = `${start}\n${line.raw}`;
}

function compaction(t: Thread, line: Line, data: Json): void {
  const summary = str(data.summaryContent);
  const parts: Part[] = summary ? [{ type: 'text', content: summary }] : [{ type: 'generic', kind: 'compaction', content: JSON.stringify(data) }];
  t.push(line, 'system', parts, data.success === false ? 'compaction-failed' : 'compaction-summary');
}

function binaryAsset(t: Thread, line: Line, data: Json): void {
  const content = str(data.data);
  const mimeType = str(data.mimeType) ?? 'application/octet-stream';
  if (!content) return;
  const modality = mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('audio/') ? 'audio' : mimeType.startsWith('video/') ? 'video' : 'file';
  t.push(line, 'system', [{ type: 'blob', modality, mimeType, content }], 'binary-asset');
}
