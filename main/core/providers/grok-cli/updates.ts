/**
 * Parses a Grok CLI `updates.jsonl`, the append-only log grok restores a session from
 * (xai-org/grok-build: session/storage/mod.rs `SessionUpdateEnvelope`, `filter_rewind_lines`;
 * extensions/notification.rs). One envelope a line: `{timestamp (unix seconds), method,
 * params: {sessionId, update: {sessionUpdate, …}}}` (older lines: a bare `{sessionId,
 * update}`). `session/update` carries ACP updates — streamed `user_message_chunk` /
 * `agent_message_chunk` / `agent_thought_chunk` deltas (consecutive ones make one message),
 * `tool_call` and its `tool_call_update`s (the last content is the result), `plan`;
 * `_x.ai/session/update` carries grok's own: `turn_completed`, `rewind_marker`, model changes,
 * compaction, hooks, subagents and much housekeeping.
 */
import type { Conversation, Message, Part, Role } from '../../../../shared/record';
import { arr, asText, isObject, isoFromEpoch, isoFromMs, num, obj, str, type Json } from '../kit/json';
import { readRecord } from '../kit/json-lines';
import type { ParseContext } from '../kit/provider';
import { grokConversation, type GrokTranscript } from './conversation';
import type { SessionInfo } from './session-files';

/** Updates that change nothing a person reads (UI state, counters, housekeeping). */
const QUIET = new Set([
  'available_commands_update', 'current_mode_update', 'config_option_update', 'session_info_update', 'usage_update',
  'diff_review', 'retry_state', 'auto_compact_started', 'auto_compact_failed', 'auto_compact_cancelled', 'memory_flush_started',
  'memory_flush_completed', 'memory_dream_completed', 'memory_session_saved', 'auto_continue_completed', 'feedback_request',
  'relay_sync_status', 'auto_recovery_started', 'auto_recovery_exhausted', 'hook_execution', 'hooks_changed', 'plugins_changed',
  'plugin_updates_installed', 'session_status', 'session_summary_generated', 'session_recap', 'session_recap_unavailable',
  'last_turn_summary', 'compaction_checkpoint', 'subagent_progress', 'task_backgrounded', 'scheduled_task_created',
  'scheduled_task_deleted', 'monitor_event', 'tool_call_delta_chunk', 'image_compressed', 'image_dropped', 'memory_files',
  'workflow_updated', 'goal_updated', 'pending_interaction', 'interaction_resolved', 'response_started', 'reasoning_completed',
  'response_completed', 'unknown',
]);

interface Line {
  readonly lineNo: number;
  readonly raw: string;
  readonly timestamp?: string;
}

type Open = { readonly kind: 'user' | 'host' | 'assistant'; readonly message: Message; readonly promptIndex?: number };

class UpdatesReader {
  readonly t: GrokTranscript = { messages: [], warnings: [], models: new Set() };
  private readonly unknown = new Set<string>();
  /** The last message of the live branch: a rewind moves it back, what it undid stays as a dead branch. */
  private tail?: string;
  /** The live prompts in order, each with the tail before it (where a rewind to it goes back to). */
  private prompts: { tailBefore?: string }[] = [];
  private open?: Open;
  private model?: string;
  private turnHasText = false;
  /** Tool calls waiting for their terminal update: the latest result content and raw output. */
  private readonly tools = new Map<string, { text?: string; raw?: unknown }>();

  line(line: Line, record: Json): void {
    const params = obj(record.params);
    const update = obj(params?.update) ?? obj(record.update);
    const kind = str(update?.sessionUpdate);
    if (!update || !kind) {
      this.unknownKind(line, str(record.method) ?? '(no update)');
      return;
    }
    // The agent's own clock, when the line has it, is finer than the envelope's seconds.
    this.update({ ...line, timestamp: isoFromMs(obj(update._meta)?.agentTimestampMs) ?? line.timestamp }, kind, update);
  }

  private update(line: Line, kind: string, u: Json): void {
    switch (kind) {
      case 'user_message_chunk':
        return this.userChunk(line, u);
      case 'agent_message_chunk':
      case 'agent_thought_chunk':
        return this.agentChunk(line, u, kind === 'agent_thought_chunk');
      case 'tool_call':
        return this.toolCall(line, u);
      case 'tool_call_update':
        return this.toolUpdate(line, u);
      case 'plan': {
        const entries = arr(u.entries).map((e) => `[${str(obj(e)?.status) ?? ' '}] ${str(obj(e)?.content) ?? ''}`);
        return this.system(line, [{ type: 'text', content: entries.join('\n') || 'Plan' }], 'plan');
      }
      case 'turn_completed':
        return this.turnCompleted(line, u);
      case 'rewind_marker':
        return this.rewind(line, u);
      case 'model_changed':
      case 'model_auto_switched':
        this.model = str(u.model_id) ?? str(u.modelId) ?? this.model;
        return;
      case 'auto_compact_completed':
        return this.system(line, [{ type: 'text', content: str(u.summary_preview) ?? 'Context compacted' }], 'compaction-summary');
      case 'hook_annotation':
        return this.system(line, [{ type: 'text', content: str(u.message) ?? '' }], 'hook');
      case 'scheduled_task_fired':
        return this.system(line, [{ type: 'text', content: str(u.prompt) ?? '' }], 'scheduled-prompt');
      case 'subagent_spawned':
        return this.system(line, [{ type: 'text', content: `Subagent ${str(u.subagent_type) ?? ''}: ${str(u.description) ?? ''}`.trim() }], 'subagent');
      case 'subagent_finished':
        return this.system(line, [{ type: 'text', content: str(u.output) ?? `Subagent ${str(u.status) ?? 'finished'}` }], 'subagent');
      case 'task_completed':
        return this.system(line, [{ type: 'generic', kind: 'task', content: asText(u.task_snapshot) }], 'task-notification');
      case 'user_cancelled':
        return this.system(line, [{ type: 'text', content: 'Cancelled' }], 'interrupt');
      default:
        if (!QUIET.has(kind)) this.unknownKind(line, kind);
    }
  }

  private userChunk(line: Line, u: Json): void {
    const meta = obj(u._meta);
    this.model = str(meta?.modelId) ?? this.model;
    const parts = blocks(u.content);
    // A turn the host started itself (a reminder, a notification): not typed by the person.
    if (meta?.hostTurn === true) {
      if (this.open?.kind !== 'host') this.start('host', this.push(line, 'system', [], 'host-turn'));
      append(this.open!.message, parts);
      return;
    }
    const index = num(meta?.promptIndex);
    if (this.open?.kind !== 'user' || (index !== undefined && index !== this.open.promptIndex)) {
      this.prompts.push({ tailBefore: this.tail });
      this.turnHasText = false;
      this.start('user', this.push(line, 'user', []), index);
    }
    append(this.open!.message, parts);
  }

  private agentChunk(line: Line, u: Json, thought: boolean): void {
    const parts = blocks(u.content).map((p): Part => (thought && p.type === 'text' ? { type: 'reasoning', content: p.content } : p));
    if (!thought && parts.some((p) => p.type === 'text' && p.content.trim())) this.turnHasText = true;
    append(this.assistant(line), parts);
  }

  private toolCall(line: Line, u: Json): void {
    const id = str(u.toolCallId) ?? `L${line.lineNo}`;
    const args = u.rawInput;
    this.assistant(line).parts.push({ type: 'tool_call', id, name: str(u.title) ?? str(u.kind) ?? 'tool', arguments: args === undefined ? '' : asText(args) });
    this.tools.set(id, {});
    this.toolUpdate(line, u);
  }

  /** A result's content replaces the one before (ACP update semantics); a terminal status answers the call. */
  private toolUpdate(line: Line, u: Json): void {
    const id = str(u.toolCallId) ?? `L${line.lineNo}`;
    const pending = this.tools.get(id) ?? {};
    if (u.content !== undefined && u.content !== null) pending.text = toolText(u.content);
    if (u.rawOutput !== undefined) pending.raw = u.rawOutput;
    this.tools.set(id, pending);
    const status = str(u.status);
    if (status !== 'completed' && status !== 'failed') return;
    this.tools.delete(id);
    this.open = undefined;
    const response: Part = { type: 'tool_call_response', id, response: pending.text || (pending.raw === undefined ? '' : asText(pending.raw)) };
    if (status === 'failed') response.isError = true;
    this.push(line, 'tool', [response]);
  }

  /** A turn whose streamed reply was empty has its answer only here (`agent_result`). */
  private turnCompleted(line: Line, u: Json): void {
    this.open = undefined;
    const result = str(u.agent_result);
    if (!this.turnHasText && result?.trim()) this.push(line, 'assistant', [{ type: 'text', content: result }]).model = this.model;
    this.turnHasText = false;
  }

  /** Back to before prompt N (0-based among the live prompts); the turns it undid stay, off the live branch. */
  private rewind(line: Line, u: Json): void {
    const target = num(u.target_prompt_index);
    this.open = undefined;
    this.tools.clear();
    if (target !== undefined && target < this.prompts.length) {
      this.tail = this.prompts[target].tailBefore;
      this.prompts = this.prompts.slice(0, target);
    }
    const to = target === undefined ? '' : ` to before prompt ${target + 1}`;
    this.system(line, [{ type: 'text', content: `Rewound${to} (the turns undone stay above as an abandoned branch)` }], 'rewind');
  }

  private assistant(line: Line): Message {
    if (this.open?.kind === 'assistant') {
      this.open.message.native = `${this.open.message.native}\n${line.raw}`;
      return this.open.message;
    }
    const m = this.push(line, 'assistant', []);
    if (this.model) {
      m.model = this.model;
      this.t.models.add(this.model);
    }
    this.start('assistant', m);
    return m;
  }

  private system(line: Line, parts: Part[], kind: string): void {
    this.open = undefined;
    this.push(line, 'system', parts, kind);
  }

  private start(kind: Open['kind'], message: Message, promptIndex?: number): void {
    this.open = { kind, message, promptIndex };
  }

  private push(line: Line, role: Role, parts: Part[], kind?: string): Message {
    // `U`, not chat_history's `L`: the archive may hold this session read from that log too.
    const m: Message = { id: `U${line.lineNo}`, role, parts, native: line.raw, source: 0 };
    if (kind) m.kind = kind;
    if (line.timestamp) m.timestamp = line.timestamp;
    if (this.tail !== undefined) m.parentId = this.tail;
    this.tail = m.id;
    this.t.messages.push(m);
    return m;
  }

  private unknownKind(line: Line, kind: string): void {
    this.unknown.add(kind);
    this.system(line, [{ type: 'generic', kind, content: line.raw }], 'unknown');
  }

  finish(): GrokTranscript {
    if (this.unknown.size) this.t.warnings.push({ message: `Unknown Grok updates.jsonl update kinds kept as generic messages: ${[...this.unknown].sort().join(', ')}` });
    this.t.firstPrompt = this.t.messages.find((m) => m.role === 'user')?.parts.flatMap((p) => (p.type === 'text' ? [p.content] : [])).join('');
    return this.t;
  }
}

export async function parseGrokUpdates(ctx: ParseContext, info: SessionInfo): Promise<Conversation[]> {
  const reader = new UpdatesReader();
  let sawLine = false;
  for await (const line of ctx.lines()) {
    if (!line.text.trim()) continue;
    sawLine = true;
    const record = readRecord(line, (n, message) => reader.t.warnings.push({ line: n, message }));
    if (!record) continue;
    reader.line({ lineNo: line.lineNo, raw: line.text, timestamp: isoFromEpoch(record.timestamp) }, record);
  }
  if (!sawLine) return [];
  return [grokConversation(ctx, info, reader.finish())];
}

/** ACP content blocks (one, or a list) as parts: text, inline images, anything else kept as generic. */
function blocks(content: unknown): Part[] {
  const list = Array.isArray(content) ? content : content === undefined || content === null ? [] : [content];
  return list.filter(isObject).map((b): Part => {
    if (b.type === 'text') return { type: 'text', content: str(b.text) ?? '' };
    if (b.type === 'image' && str(b.data)) return { type: 'blob', modality: 'image', mimeType: str(b.mimeType) ?? 'image/*', content: str(b.data)! };
    return { type: 'generic', kind: str(b.type) ?? 'content', content: JSON.stringify(b) };
  });
}

/** Streamed deltas grow the message's last part of the same kind. */
function append(m: Message, parts: readonly Part[]): void {
  for (const p of parts) {
    const last = m.parts.at(-1);
    if (last && last.type === p.type && (p.type === 'text' || p.type === 'reasoning') && (last.type === 'text' || last.type === 'reasoning')) last.content += p.content;
    else m.parts.push({ ...p });
  }
}

/** A tool result's content: ACP `{type:"content", content}` wrappers, bare blocks, `{type:"diff"}` edits. */
function toolText(content: unknown): string {
  const list = Array.isArray(content) ? content : [content];
  return list
    .filter(isObject)
    .map((b) => {
      const block = b.type === 'content' && isObject(b.content) ? b.content : b;
      if (block.type === 'text') return str(block.text) ?? '';
      if (block.type === 'diff') return [str(block.path), `--- before\n${str(block.oldText) ?? ''}`, `+++ after\n${str(block.newText) ?? ''}`].filter(Boolean).join('\n');
      return JSON.stringify(block);
    })
    .join('');
}
