/** Everything one event log says about its session, and the threads its events belong to. */
import type { ParseWarning, Usage } from '../../../../shared/record';
import { num, obj, str, type Json } from '../kit/json';
import { TimeSpan } from '../kit/line-message';
import { Thread } from './thread';

export interface SessionInfo {
  id?: string;
  cwd?: string;
  gitBranch?: string;
  version?: string;
  startedAt?: string;
  title?: string;
}

export class CopilotState {
  readonly session: SessionInfo = {};
  readonly main = new Thread();
  readonly children = new Map<string, Thread>();
  readonly warnings: ParseWarning[] = [];
  readonly unknownTypes = new Set<string>();
  /** Subagent instance id → the tool call that started it, learned from events carrying both. */
  private readonly agentCalls = new Map<string, string>();
  currentModel?: string;
  /** Totals from `session.shutdown` (one per process run; a resumed session has several). */
  shutdownUsage?: Usage;
  /** Totals from `assistant.usage` events, used when no shutdown was written. */
  callUsage?: Usage;
  readonly times = new TimeSpan();

  warn(line: number | undefined, message: string): void {
    this.warnings.push(line === undefined ? { message } : { line, message });
  }

  seen(timestamp: string | undefined): void {
    this.times.see(timestamp);
  }

  /**
   * The thread an event belongs to. Subagent events carry the envelope `agentId` (newer) and/or
   * `data.parentToolCallId` (older, deprecated); `subagent.*` events name the call as `toolCallId`.
   */
  threadFor(record: Json, data: Json, type: string): Thread {
    const agentId = str(record.agentId);
    let key = str(data.parentToolCallId) ?? (type.startsWith('subagent.') ? str(data.toolCallId) : undefined);
    if (key && agentId) this.agentCalls.set(agentId, key);
    if (!key && agentId) key = this.agentCalls.get(agentId) ?? agentId;
    if (!key) return this.main;
    let thread = this.children.get(key);
    if (!thread) {
      thread = new Thread(key);
      if (key !== agentId) thread.parentToolCallId = key;
      this.children.set(key, thread);
    }
    return thread;
  }

  setModel(model: string | undefined, thread: Thread = this.main): void {
    if (!model) return;
    this.currentModel = model;
    thread.learnModel(model);
  }

  addShutdown(data: Json): void {
    const metrics = obj(data.modelMetrics);
    if (!metrics) return;
    for (const [model, metric] of Object.entries(metrics)) {
      this.main.models.add(model);
      const u = copilotUsage(obj(obj(metric)?.usage));
      if (u) this.shutdownUsage = addUsage(this.shutdownUsage, u);
    }
  }

  addCallUsage(usage: Usage): void {
    this.callUsage = addUsage(this.callUsage, usage);
  }
}

/**
 * Copilot's `inputTokens` includes the cached part (read and written); the record keeps them
 * apart, as for Claude, so `inputTokens` here is the uncached remainder.
 */
export function copilotUsage(u: Json | undefined): Usage | undefined {
  if (!u) return undefined;
  const usage: Usage = {};
  const input = num(u.inputTokens);
  const read = num(u.cacheReadTokens) ?? 0;
  const write = num(u.cacheWriteTokens) ?? 0;
  if (input !== undefined) usage.inputTokens = Math.max(0, input - read - write);
  if (num(u.outputTokens) !== undefined) usage.outputTokens = num(u.outputTokens);
  if (num(u.cacheReadTokens) !== undefined) usage.cacheReadTokens = read;
  if (num(u.cacheWriteTokens) !== undefined) usage.cacheWriteTokens = write;
  if (num(u.reasoningTokens) !== undefined) usage.reasoningTokens = num(u.reasoningTokens);
  return Object.keys(usage).length ? usage : undefined;
}

export function addUsage(a: Usage | undefined, b: Usage): Usage {
  if (!a) return { ...b };
  const out: Usage = { ...a };
  for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const) {
    if (b[key] !== undefined) out[key] = (out[key] ?? 0) + b[key]!;
  }
  return out;
}
