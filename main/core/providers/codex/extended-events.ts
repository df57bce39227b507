/**
 * `event_msg` records Codex writes only in its extended persistence mode
 * (codex-rs/rollout/src/policy.rs `EventPersistenceMode::Extended`): what the person was shown
 * beside the model's own items. README.md "Records" names the source of each shape.
 * - `guardian_assessment {id, turn_id, status, risk_level?, user_authorization?, rationale?,
 *   action {type, …}}`: the auto-reviewer's verdict on an action (one record while it reviews,
 *   one with the outcome) → `system` kind `guardian`, the outcome replacing the "reviewing" note.
 * - `collab_agent_spawn_end`, `collab_agent_interaction_end`, `collab_waiting_end`,
 *   `collab_close_end`, `collab_resume_end`: the outcome of a multi-agent tool (spawn, send,
 *   wait, close, resume) with the agents' nicknames and statuses → `system` kind
 *   `subagent-activity`.
 * - `dynamic_tool_call_request {callId, turnId, tool, arguments}` (camelCase) and
 *   `dynamic_tool_call_response {call_id, tool, arguments, content_items[], success, error?}`:
 *   a call to a tool the client registered → a tool call and its result, unless the file
 *   holds the model's own function_call / output for the same call id (builder.ts keeps one).
 */
import type { Part } from '../../../../shared/record';
import type { CodexBuilder, Line } from './builder';
import { imagePart } from './content';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';

/** The `event_msg` types of this file; false for any other. */
export function handleExtendedEvent(b: CodexBuilder, line: Line, type: string, payload: Json): boolean {
  switch (type) {
    case 'guardian_assessment':
      guardianAssessment(b, line, payload);
      return true;
    case 'collab_agent_spawn_end':
    case 'collab_agent_interaction_end':
    case 'collab_waiting_end':
    case 'collab_close_end':
    case 'collab_resume_end':
      b.push(line, 'system', [{ type: 'text', content: collabText(type, payload) }], 'subagent-activity');
      return true;
    case 'dynamic_tool_call_request': {
      const id = str(payload.callId) ?? str(payload.call_id) ?? `dynamic_${b.lineKey(line)}`;
      b.pushDynamicCall(line, 'assistant', [{ type: 'tool_call', id, name: dynamicToolName(payload), arguments: asText(payload.arguments ?? {}) }], id);
      return true;
    }
    case 'dynamic_tool_call_response': {
      const id = str(payload.call_id) ?? str(payload.callId) ?? `dynamic_${b.lineKey(line)}`;
      b.pushDynamicCall(line, 'tool', dynamicResultParts(id, payload), id);
      return true;
    }
    default:
      return false;
  }
}

const GUARDIAN_STATUS: Readonly<Record<string, string>> = {
  in_progress: 'is reviewing',
  approved: 'approved',
  denied: 'denied',
  timed_out: 'timed out on',
  aborted: 'aborted the review of',
};

/** "Auto-reviewer approved: run `rm -rf build` (risk: low)", then the rationale. */
function guardianAssessment(b: CodexBuilder, line: Line, payload: Json): void {
  const status = str(payload.status) ?? 'in_progress';
  const risk = str(payload.risk_level);
  const head = `Auto-reviewer ${GUARDIAN_STATUS[status] ?? status}: ${actionText(obj(payload.action))}${risk ? ` (risk: ${risk})` : ''}`;
  const rationale = str(payload.rationale);
  const parts: Part[] = [{ type: 'text', content: rationale ? `${head}\n${rationale}` : head }];
  // One review, several records (in progress, then the outcome): one message, the latest text.
  b.pushPaired(line, `guardian:${str(payload.id) ?? b.lineKey(line)}`, status, parts, true, 'guardian');
}

function actionText(action: Json | undefined): string {
  switch (str(action?.type)) {
    case 'command':
      return `run \`${str(action?.command) ?? ''}\``;
    case 'execve': {
      const program = str(action?.program);
      return `run \`${arr(action?.argv).map(asText).join(' ') || program || ''}\`${program ? ` (${program})` : ''}`;
    }
    case 'apply_patch':
      return `apply a patch to ${arr(action?.files).map(asText).join(', ') || 'files'}`;
    case 'network_access':
      return `reach ${str(action?.target) ?? str(action?.host) ?? 'the network'}`;
    case 'mcp_tool_call':
      return `call ${[str(action?.server), str(action?.tool_name)].filter(Boolean).join('.')}`;
    case 'request_permissions':
      return `grant permissions${str(action?.reason) ? `: ${str(action?.reason)}` : ''}`;
    default:
      return action ? JSON.stringify(action) : 'an action';
  }
}

/** `running`, `shutdown`, or `{completed: "…"}` / `{errored: "…"}`: the status and its message. */
function statusText(status: unknown): string {
  if (typeof status === 'string') return status.replace(/_/g, ' ');
  if (!isObject(status)) return 'unknown';
  return Object.entries(status)
    .map(([k, v]) => (typeof v === 'string' && v.trim() ? `${k.replace(/_/g, ' ')}: ${v}` : k.replace(/_/g, ' ')))
    .join(', ');
}

/** An agent as the TUI names it: nickname and role, else its thread id. */
function agentName(nickname: unknown, role: unknown, threadId: unknown): string {
  const name = str(nickname) ?? str(threadId) ?? 'an agent';
  return str(role) ? `${name} (${str(role)})` : name;
}

function collabText(type: string, p: Json): string {
  const prompt = str(p.prompt)?.trim();
  const withPrompt = (head: string) => (prompt ? `${head}\n${prompt}` : head);
  switch (type) {
    case 'collab_agent_spawn_end':
      return p.new_thread_id
        ? withPrompt(`Spawned subagent ${agentName(p.new_agent_nickname, p.new_agent_role, p.new_thread_id)}: ${statusText(p.status)}`)
        : withPrompt(`Subagent not spawned: ${statusText(p.status)}`);
    case 'collab_agent_interaction_end':
      return withPrompt(`Sent to subagent ${agentName(p.receiver_agent_nickname, p.receiver_agent_role, p.receiver_thread_id)}: ${statusText(p.status)}`);
    case 'collab_waiting_end': {
      const entries = arr(p.agent_statuses).filter(isObject);
      const lines = entries.length
        ? entries.map((e) => `${agentName(e.nickname, e.role, e.thread_id)}: ${statusText(e.status)}`)
        : Object.entries(obj(p.statuses) ?? {}).map(([thread, status]) => `${thread}: ${statusText(status)}`);
      return ['Waited for subagents', ...lines.map((l) => `- ${l}`)].join('\n');
    }
    case 'collab_close_end':
      return `Closed subagent ${agentName(p.receiver_agent_nickname, p.receiver_agent_role, p.receiver_thread_id)}: ${statusText(p.status)}`;
    default:
      return `Resumed subagent ${agentName(p.receiver_agent_nickname, p.receiver_agent_role, p.receiver_thread_id)}: ${statusText(p.status)}`;
  }
}

function dynamicToolName(p: Json): string {
  const tool = str(p.tool) ?? 'dynamic_tool';
  const namespace = str(p.namespace)?.trim();
  return namespace ? `${namespace}.${tool}` : tool;
}

/** The result the client returned: its text items joined, its images as images; a failure flagged. */
function dynamicResultParts(id: string, p: Json): Part[] {
  const items = arr(p.content_items ?? p.contentItems).filter(isObject);
  const text = items.filter((i) => str(i.type) === 'inputText').map((i) => str(i.text) ?? '');
  const error = str(p.error);
  const part: Part = { type: 'tool_call_response', id, response: [...text, ...(error ? [error] : [])].join('\n') };
  if (p.success === false || error) part.isError = true;
  const images = items.filter((i) => str(i.type) === 'inputImage').map((i) => imagePart(str(i.imageUrl) ?? str(i.image_url) ?? ''));
  return [part, ...images];
}
