/**
 * Normalizes one OpenCode-format session (from any of the three stores) into a Conversation of
 * the agent that wrote it (OpenCode, or Kilo Code, which is built on OpenCode).
 * OpenCode messages are `{info, parts[]}`; a single native message can become several
 * records here: the typed prompt and the text OpenCode injected beside it are split
 * (user vs system), and an assistant step is followed by a `tool` message with its results.
 */
import { AGENT_LABELS } from '../../../../../shared/agents';
import type { Conversation, Message, ParseWarning, Part, Usage } from '../../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../identity';
import type { ParseContext } from '../provider';
import { isoFromMs, obj, str, type Json } from '../json';
import { errorText, filePart, retryText, subtaskParts, toolOutcome } from './parts';
import type { OcMessage, OcSession, Raw } from './source';
import { sumUsage } from '../usage';
import { tokensOf } from './usage';
import { withShellCommands } from './shell-commands';

/** Part types that carry only bookkeeping (snapshots, step boundaries): kept in `native` only. */
const BOOKKEEPING = new Set(['step-start', 'step-finish', 'snapshot']);
/** OpenCode's placeholder titles until it names the session. */
const DEFAULT_TITLE = /^(New session|Child session) - \d{4}-\d{2}-\d{2}T/;

/** The agents that write OpenCode's format. */
export type OpenCodeAgent = 'opencode' | 'kilo-code';

export function buildConversation(agent: OpenCodeAgent, ctx: ParseContext, session: OcSession): Conversation {
  return new OcBuilder(agent, ctx, { ...session, messages: withShellCommands(session.messages) }).build();
}

class OcBuilder {
  private readonly messages: Message[] = [];
  private readonly warnings: ParseWarning[];
  private readonly models = new Set<string>();
  private readonly unknown = new Set<string>();
  private readonly usedIds = new Set<string>();
  private readonly usedCallIds = new Set<string>();
  private usage: Usage = {};
  private sawUsage = false;
  private firstPrompt?: string;
  private taskMarked = false;
  private lastTime?: string;
  private readonly isSubagent: boolean;

  constructor(
    private readonly agent: OpenCodeAgent,
    private readonly ctx: ParseContext,
    private readonly session: OcSession,
  ) {
    this.warnings = [...session.warnings];
    this.isSubagent = str(session.info.parentID) !== undefined;
  }

  build(): Conversation {
    for (const m of this.session.messages) {
      const role = str(m.info.data.role);
      if (role === 'user') this.user(m);
      else if (role === 'assistant') this.assistant(m);
      else this.other(m, role ?? '(none)');
    }
    if (this.unknown.size) {
      this.warnings.push({ message: `Unknown ${AGENT_LABELS[this.agent]} part/message types kept as generic parts: ${[...this.unknown].sort().join(', ')}` });
    }
    return this.conversation();
  }

  /** Typed text → `user`; synthetic text (file contents, "Summarize the task…"), subtasks → `system`. */
  private user(m: OcMessage): void {
    const typed: Part[] = [];
    const attached: Part[] = [];
    const typedRaw: string[] = [m.info.raw];
    const injected: { kind: string; parts: Part[]; raw: string[] } = { kind: 'synthetic', parts: [], raw: [] };
    const extra: { kind: string; parts: Part[]; raw: string }[] = [];
    for (const p of m.parts) {
      const d = p.data;
      const type = str(d.type);
      if (type === 'text') {
        const text = str(d.text) ?? '';
        // `ignored`: text shown but never sent (a plugin's notice, written as the person's): not typed either.
        if (d.synthetic === true || d.ignored === true) {
          if (text.trim()) injected.parts.push({ type: 'text', content: text });
          injected.raw.push(p.raw);
        } else {
          if (text.trim()) typed.push({ type: 'text', content: text });
          typedRaw.push(p.raw);
        }
      } else if (type === 'file') {
        attached.push(filePart(d));
        typedRaw.push(p.raw);
      } else if (type === 'agent') {
        attached.push({ type: 'generic', kind: 'agent', content: str(d.name) ?? '' });
        typedRaw.push(p.raw);
      } else if (type === 'subtask') {
        extra.push({ kind: 'command-subtask', parts: subtaskParts(d), raw: p.raw });
      } else if (type === 'compaction') {
        extra.push({ kind: 'compaction', parts: [{ type: 'generic', kind: 'compaction', content: d.auto === true ? 'Context compaction (automatic)' : 'Context compaction' }], raw: p.raw });
      } else if (type && BOOKKEEPING.has(type)) {
        typedRaw.push(p.raw);
      } else {
        this.unknown.add(`part:${type ?? '(none)'}`);
        injected.parts.push({ type: 'generic', kind: type ?? 'unknown', content: p.raw });
        injected.raw.push(p.raw);
      }
    }
    const time = m.info.data.time;
    if (typed.length) {
      const text = typed.map((p) => (p.type === 'text' ? p.content : '')).join('\n');
      if (this.isSubagent && !this.taskMarked) {
        // The first prompt of a child session is the task its parent agent wrote.
        this.taskMarked = true;
        this.push(m, 'system', [...typed, ...attached], typedRaw, 'subagent-task');
      } else {
        this.firstPrompt ??= text;
        this.push(m, 'user', [...typed, ...attached], typedRaw);
      }
    } else if (attached.length) {
      injected.parts.unshift(...attached);
      injected.raw.unshift(...typedRaw);
    } else {
      injected.raw.unshift(...typedRaw);
    }
    for (const e of extra) this.push(m, 'system', e.parts, [e.raw], e.kind);
    if (injected.parts.length) this.push(m, 'system', injected.parts, injected.raw, injected.kind);
    else if (injected.raw.length && !typed.length && !extra.length) this.push(m, 'system', [], injected.raw, 'empty');
    else if (injected.raw.length) this.appendNative(injected.raw);
    this.seen(time);
  }

  /**
   * One assistant message per run of text/reasoning/tool parts; when text follows tool calls,
   * the results are emitted first so the order matches what the person saw.
   */
  private assistant(m: OcMessage): void {
    const info = m.info.data;
    const isSummary = info.summary === true;
    const model = str(info.modelID);
    if (model) this.models.add(model);
    const usage = tokensOf(info.tokens);
    if (usage) this.addUsage(usage);
    let parts: Part[] = [];
    let raw: string[] = [m.info.raw];
    let toolParts: Part[] = [];
    let toolRaw: string[] = [];
    let first: Message | undefined;
    const flush = (): void => {
      if (parts.length || raw.length) {
        const msg = this.push(m, isSummary ? 'system' : 'assistant', parts, raw, isSummary ? 'compaction-summary' : undefined);
        if (model) msg.model = model;
        first ??= msg;
      }
      if (toolParts.length || toolRaw.length) this.push(m, 'tool', toolParts, toolRaw, undefined, 'tools');
      parts = [];
      raw = [];
      toolParts = [];
      toolRaw = [];
    };
    for (const p of m.parts) {
      const d = p.data;
      const type = str(d.type);
      if (type === 'tool') {
        const outcome = toolOutcome(d, this.callId(d));
        parts.push(outcome.call);
        if (outcome.response) toolParts.push(outcome.response);
        toolParts.push(...outcome.attachments);
        toolRaw.push(p.raw);
        continue;
      }
      if (toolRaw.length && (type === 'text' || type === 'reasoning')) flush();
      raw.push(p.raw);
      const mapped = this.assistantPart(type, d, p);
      if (mapped) parts.push(mapped);
    }
    flush();
    if (first && usage) first.usage = usage;
    const error = obj(info.error);
    if (error) {
      // 1.x names an interrupt MessageAbortedError; 2.x writes `{type: 'aborted', message}`.
      const kind = str(error.name) === 'MessageAbortedError' || str(error.type) === 'aborted' ? 'interrupt' : 'api-error';
      this.push(m, 'system', [{ type: 'text', content: errorText(error) }], [], kind, 'error');
    }
    this.seen(obj(info.time)?.completed ?? info.time);
  }

  private assistantPart(type: string | undefined, d: Json, p: Raw): Part | undefined {
    switch (type) {
      case 'text': {
        const text = str(d.text) ?? '';
        if (!text.trim()) return undefined;
        return d.synthetic === true ? { type: 'generic', kind: 'synthetic-text', content: text } : { type: 'text', content: text };
      }
      case 'reasoning': {
        const text = str(d.text) ?? '';
        if (text.trim()) return { type: 'reasoning', content: text };
        const meta = JSON.stringify(d.metadata ?? {});
        return /encrypt|signature|redacted/i.test(meta) ? { type: 'reasoning', content: '', redacted: true } : undefined;
      }
      case 'file':
        return filePart(d);
      case 'patch':
        // The files a step changed: OpenCode shows these as the turn's diff summary.
        return { type: 'generic', kind: 'patch', content: (Array.isArray(d.files) ? d.files : []).join('\n') };
      case 'retry':
        return { type: 'generic', kind: 'retry', content: retryText(d) };
      case 'agent':
        return { type: 'generic', kind: 'agent', content: str(d.name) ?? '' };
      case 'subtask':
        return { type: 'generic', kind: 'subtask', content: str(d.prompt) ?? '' };
      case 'compaction':
        return { type: 'generic', kind: 'compaction', content: d.auto === true ? 'Context compaction (automatic)' : 'Context compaction' };
      default:
        if (type && BOOKKEEPING.has(type)) return undefined;
        this.unknown.add(`part:${type ?? '(none)'}`);
        return { type: 'generic', kind: type ?? 'unknown', content: p.raw };
    }
  }

  private other(m: OcMessage, role: string): void {
    this.unknown.add(`role:${role}`);
    const parts: Part[] = [{ type: 'generic', kind: `role:${role}`, content: m.info.raw }];
    for (const p of m.parts) parts.push({ type: 'generic', kind: str(p.data.type) ?? 'unknown', content: p.raw });
    this.push(m, 'system', parts, [m.info.raw, ...m.parts.map((p) => p.raw)], 'unknown');
  }

  private push(m: OcMessage, role: Message['role'], parts: Part[], raw: string[], kind?: string, suffix?: string): Message {
    const base = str(m.info.data.id) ?? `m${this.messages.length}`;
    const message: Message = { id: this.uniqueId(suffix ? `${base}#${suffix}` : base), role, parts, source: 0 };
    const parent = str(m.info.data.parentID);
    if (parent && role !== 'user') message.parentId = parent;
    const ts = isoFromMs(obj(m.info.data.time)?.created);
    if (ts) message.timestamp = ts;
    if (kind) message.kind = kind;
    if (raw.length) message.native = raw.join('\n');
    this.messages.push(message);
    return message;
  }

  private appendNative(raw: string[]): void {
    const last = this.messages[this.messages.length - 1];
    if (last) last.native = [last.native, ...raw].filter(Boolean).join('\n');
  }

  private uniqueId(id: string): string {
    let candidate = id;
    for (let n = 2; this.usedIds.has(candidate); n += 1) candidate = `${id}~${n}`;
    this.usedIds.add(candidate);
    return candidate;
  }

  /** Call ids can repeat (Entire redacts many to `REDACTED`): fall back to the part id. */
  private callId(d: Json): string {
    let id = str(d.callID) ?? str(d.id) ?? `call${this.usedCallIds.size}`;
    if (this.usedCallIds.has(id)) id = `${id}~${str(d.id) ?? this.usedCallIds.size}`;
    for (let n = 2; this.usedCallIds.has(id); n += 1) id = `${id}~${n}`;
    this.usedCallIds.add(id);
    return id;
  }

  private addUsage(u: Usage): void {
    this.sawUsage = true;
    this.usage = sumUsage(this.usage, u) ?? this.usage;
  }

  private seen(time: unknown): void {
    const iso = isoFromMs(typeof time === 'number' ? time : obj(time)?.created);
    if (iso && (!this.lastTime || iso > this.lastTime)) this.lastTime = iso;
  }

  private conversation(): Conversation {
    const info = this.session.info;
    const nativeId = str(info.id) ?? idFromPath(this.ctx.path);
    const cwd = str(info.directory) || undefined;
    const own = str(info.title);
    const time = obj(info.time);
    const updated = isoFromMs(time?.updated);
    const parent = str(info.parentID);
    return seedConversation(
      { agent: this.agent, nativeId, ctx: this.ctx, cwd, models: this.models, warnings: this.warnings, messages: this.messages },
      {
        title: own && !DEFAULT_TITLE.test(own) ? own : titleFrom(this.firstPrompt) ?? own,
        startedAt: isoFromMs(time?.created) ?? this.messages.find((m) => m.timestamp)?.timestamp,
        endedAt: updated && (!this.lastTime || updated > this.lastTime) ? updated : this.lastTime,
        usage: this.sawUsage ? this.usage : tokensOf(info.tokens),
        agentVersion: str(info.version),
        parentId: parent ? conversationId(this.agent, parent) : undefined,
        relation: parent ? 'subagent' : undefined,
        parentToolCallId: this.session.parentToolCallId,
      },
    );
  }
}

export function idFromPath(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return base.replace(/\.(json|jsonl)$/i, '');
}
