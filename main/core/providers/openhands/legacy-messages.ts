/**
 * Events of the legacy V0 file store (OpenHands ≤ 0.x server and CLI) → messages. Each event is
 * `event_to_dict` of openhands/events/serialization/event.py: `{id, timestamp, source, message,
 * cause?, action | observation, tool_call_metadata?, llm_metrics?}`, with an action's fields in
 * `args` and an observation's text in `content` (the rest in `extras`).
 * - action `message`: from the user → typed prompt (`args.content`, `image_urls`); from the
 *   agent → answer. `system` → system prompt.
 * - tool actions (`run`, `edit`, `read`, `call_tool_mcp`, `think`, …): the model's text
 *   (`args.thought`) and a tool call, its id and arguments from `tool_call_metadata` (the id,
 *   `function_name`, and the call in `model_response.choices[0].message.tool_calls`).
 * - `finish`: `thought` and `final_thought`, the answer the person read.
 * - an observation with a `cause`: the result of that action's call (`content`; `error` and
 *   `user_rejected` as errors); `recall` → the context the agent recalled.
 * - `condensation` → compaction summary; state changes and null events hold no content.
 */
import type { Message, Part, Role, ToolCallPart } from '../../../../shared/record';
import { arr, asText, isObject, num, obj, str, type Json } from '../kit/json';
import type { EventFile } from './events';
import type { EventMessages } from './messages';

/** Actions and observations that change nothing a person reads. */
const QUIET = new Set(['change_agent_state', 'agent_state_changed', 'null', 'recall', 'start', 'pause', 'resume', 'condensation_request', 'loop_recovery', 'loop_detection']);

/** Actions the agent takes through a tool (each answered by an observation with its `cause`). */
const TOOL_ACTIONS = new Set(['run', 'run_ipython', 'read', 'write', 'edit', 'browse', 'browse_interactive', 'call_tool_mcp', 'think', 'delegate', 'task_tracking', 'reject', 'push', 'send_pr']);

export function legacyEventMessages(events: readonly EventFile[], model: string | undefined): EventMessages {
  const messages: Message[] = [];
  const unknown = new Set<string>();
  /** Each action's event id → its tool call id, for the observation that answers it. */
  const callOf = new Map<number, string>();
  let firstPrompt: string | undefined;
  for (const { index, raw, event } of events) {
    const id = `E${num(event.id) ?? index}`;
    const push = (role: Role, parts: Part[], kind?: string) => {
      if (!parts.length) return;
      const m: Message = { id, role, parts, native: raw, source: 0 };
      if (str(event.timestamp)) m.timestamp = str(event.timestamp);
      if (kind) m.kind = kind;
      if (role === 'assistant' && model) m.model = model;
      messages.push(m);
    };
    const args = obj(event.args) ?? {};
    const text = (t: string | undefined): Part[] => (t?.trim() ? [{ type: 'text', content: t }] : []);
    const action = str(event.action);
    const observation = str(event.observation);
    if (action === 'message') {
      const parts = [...text(str(args.content)), ...arr(args.image_urls ?? args.images_urls).map((u) => imagePart(str(u) ?? ''))];
      if (event.source === 'user') {
        firstPrompt ??= str(args.content);
        push('user', parts);
      } else push('assistant', parts);
    } else if (action === 'system') {
      push('system', text(str(args.content)), 'system-prompt');
    } else if (action === 'finish') {
      push('assistant', [...text(str(args.thought)), ...text(str(args.final_thought) ?? str(event.message))]);
    } else if (action === 'condensation') {
      push('system', text(str(args.summary) ?? 'Earlier events condensed'), 'compaction-summary');
    } else if (action && TOOL_ACTIONS.has(action)) {
      const call = toolCall(event, action, args, id);
      callOf.set(num(event.id) ?? index, call.id);
      push('assistant', [...text(str(args.thought)), call]);
    } else if (observation && !QUIET.has(observation)) {
      const cause = num(event.cause);
      const callId = str(obj(event.tool_call_metadata)?.tool_call_id) ?? (cause === undefined ? undefined : callOf.get(cause));
      const content = str(event.content) ?? '';
      if (observation === 'recall') push('system', text(content || undefined), 'context');
      else if (callId) {
        const rejected = observation === 'user_rejected';
        const response: Part = { type: 'tool_call_response', id: callId, response: rejected ? `Action rejected: ${content}` : content };
        if (rejected || observation === 'error') response.isError = true;
        push('tool', [response]);
      } else if (observation === 'error') push('system', text(content), 'error');
      else push('system', [{ type: 'generic', kind: observation, content: content || raw }], 'observation');
    } else if (!(action && QUIET.has(action)) && !(observation && QUIET.has(observation))) {
      unknown.add(action ?? observation ?? '(neither action nor observation)');
      push('system', [{ type: 'generic', kind: action ?? observation ?? 'event', content: raw }], 'unknown');
    }
  }
  return { messages, firstPrompt, unknown };
}

/** The call an action is: its id, name and arguments as the model wrote them, else the action's own args. */
function toolCall(event: Json, action: string, args: Json, fallbackId: string): ToolCallPart {
  const meta = obj(event.tool_call_metadata);
  const id = str(meta?.tool_call_id) ?? fallbackId;
  const choice = obj(arr(obj(meta?.model_response)?.choices)[0]);
  const written = arr(obj(choice?.message)?.tool_calls).find((c) => isObject(c) && c.id === id);
  const fn = isObject(written) ? obj(written.function) : undefined;
  const { thought: _thought, ...rest } = args;
  return { type: 'tool_call', id, name: str(meta?.function_name) ?? action, arguments: str(fn?.arguments) ?? asText(rest) };
}

function imagePart(url: string): Part {
  const m = /^data:([^;,]+);base64,/.exec(url);
  return m ? { type: 'blob', modality: 'image', mimeType: m[1], content: url.slice(m[0].length) } : { type: 'generic', kind: 'image-url', content: url };
}
