/**
 * `event_msg` records: what the UI showed. Most repeat a response_item (agent_message,
 * agent_reasoning, exec_command_end, …) or are bookkeeping; only the typed prompt, interrupts,
 * compactions, errors and token counts add something.
 */
import type { Part } from '../../../../shared/record';
import type { CodexBuilder, Line } from './builder';
import { eventImageParts } from './content';
import { str, type Json } from '../kit/json';
import { readTokenCount } from './usage';
import { handleCompletedItem } from './completed-items';
import { handleThreadEvent } from './thread-records';
import { handleExtendedEvent } from './extended-events';

/** Events that duplicate response_items or only track progress: no message, no warning. */
const QUIET_EVENTS = new Set([
  'task_started',
  'task_complete',
  'turn_started',
  'turn_complete',
  'agent_reasoning',
  'agent_reasoning_raw_content',
  'agent_reasoning_section_break',
  'agent_reasoning_delta',
  'agent_reasoning_raw_content_delta',
  'agent_message_delta',
  'agent_message_content_delta',
  'reasoning_content_delta',
  'reasoning_raw_content_delta',
  'exec_command_begin',
  'exec_command_end',
  'exec_command_output_delta',
  'terminal_interaction',
  'patch_apply_begin',
  'patch_apply_end',
  'web_search_begin',
  'web_search_end',
  'mcp_tool_call_begin',
  'mcp_tool_call_end',
  'mcp_startup_update',
  'mcp_startup_complete',
  'view_image_tool_call',
  'image_generation_begin',
  'image_generation_end',
  'session_configured',
  'turn_diff',
  'plan_update',
  'background_event',
  'stream_error',
  'get_history_entry_response',
  'item_started',
  'raw_response_item',
  'undo_started',
  'undo_completed',
  'shutdown_complete',
  'exec_approval_request',
  'apply_patch_approval_request',
  'request_permissions',
  'deprecation_notice',
]);

export function handleEvent(b: CodexBuilder, line: Line, payload: Json): void {
  const type = str(payload.type) ?? '';
  switch (type) {
    case 'user_message':
      return userMessage(b, line, payload);
    case 'agent_message':
      b.pushAgentMessageEvent(line, str(payload.message) ?? '');
      return;
    case 'token_count': {
      const count = readTokenCount(payload);
      if (count) b.tokenCount(count);
      return;
    }
    case 'turn_aborted':
      b.pushPaired(line, 'interrupt', 'event', [{ type: 'text', content: `Turn aborted: ${str(payload.reason) ?? 'interrupted'}` }]);
      return;
    case 'context_compacted':
      b.pushPaired(line, 'compaction-summary', 'event', [{ type: 'text', content: 'Context compacted' }]);
      return;
    case 'thread_name_updated':
      b.nameThread(str(payload.thread_name));
      return;
    case 'item_completed':
      return handleCompletedItem(b, line, payload);
    case 'error':
    case 'warning':
      b.push(line, 'system', [{ type: 'text', content: str(payload.message) ?? '' }], type === 'error' ? 'api-error' : 'warning');
      return;
    default:
      if (!QUIET_EVENTS.has(type) && !handleThreadEvent(b, line, type, payload) && !handleExtendedEvent(b, line, type, payload)) b.pushUnknown(line, `event_msg:${type || '(none)'}`);
  }
}

/** The prompt as typed, with any pasted images (`images`) and attached files (`local_images`). */
function userMessage(b: CodexBuilder, line: Line, payload: Json): void {
  const text = str(payload.message) ?? '';
  const parts: Part[] = [{ type: 'text', content: text }, ...eventImageParts(payload.images, payload.local_images)];
  b.pushUserEvent(line, text, parts);
}
