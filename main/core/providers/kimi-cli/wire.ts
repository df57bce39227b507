/**
 * Parses a kimi-code agent journal, `sessions/<wd>/<sid>/agents/<agent>/wire.jsonl`
 * (MoonshotAI/kimi-code packages/agent-core-v2, wire protocol 1.0–1.5; record list in
 * docs/wire-manifest.d.ts). Line 1 is `{"type":"metadata","protocol_version","created_at"}`;
 * every other line is `{"type", …payload, "time"}` (epoch ms). The transcript is what
 * kimi-code itself replays (agent/contextMemory/contextTranscript.ts):
 *   context.append_message      a whole message {role, content, toolCalls, toolCallId, origin}
 *   context.append_loop_event   streamed steps: step.begin / content.part / tool.call /
 *                               tool.result / step.end (usage)
 *   context.apply_compaction / context.clear / context.undo
 * plus `turn.prompt` (the typed prompt, joined to its context message), `turn.cancel`,
 * `turn.ended` (errors), `usage.record` (model). Other known records are runtime state.
 */
import type { Part } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { KimiBuilder, type Line } from './builder';
import { contentParts, contentText, mapPart } from './content';
import { asText, isObject, isoFromEpoch, num, obj, str, type Json } from '../kit/json';
import { handleMessage } from './wire-message';
import { readRecord } from '../kit/json-lines';

/** Runtime state records: nothing a person reads. */
const STATE_RECORDS = new Set([
  'config.update', 'profile.bind', 'runtime.set_binding', 'prompt.accepted', 'permission.record_approval_result',
  'permission.set_mode', 'plan_mode.cancel', 'plan_mode.enter', 'plan_mode.exit', 'plan.revision', 'plugin.session_start',
  'tools.register_user_tool', 'tools.reset_active_tools', 'tools.set_active_tools', 'tools.unregister_user_tool',
  'tools.update_store', 'mcp.tools_discovered', 'llm.request', 'llm.tools_snapshot', 'token_counting.measured',
  'token_counting.rebased', 'token_counting.truncated', 'token_counting.turn_recorded', 'task.started', 'task.terminated',
  'task.waitDelivered', 'staleGuard.cleared', 'staleGuard.recorded', 'interaction.request', 'interaction.resolved',
  'cron.add', 'cron.cursor', 'cron.delete', 'goal.clear', 'goal.create', 'goal.update', 'forked', 'full_compaction.begin',
  'full_compaction.cancel', 'full_compaction.complete', 'swarm_mode.enter', 'swarm_mode.exit', 'tower_mode.enter',
  'tower_mode.exit', 'interruptionReminder.recorded', 'turn.ended',
]);

export interface WireState {
  readonly b: KimiBuilder;
  /** The assistant message of the step being streamed, by step uuid. */
  step?: { uuid: string; message: ReturnType<KimiBuilder['push']> };
  /** A typed prompt (`turn.prompt`) waiting for its `context.append_message` copy. */
  prompt?: ReturnType<KimiBuilder['push']>;
  cwd?: string;
  protocol?: string;
  sawLine: boolean;
  /** How many messages came before the agent's first turn (a fork's are its parent's, copied). */
  beforeFirstTurn?: number;
}

export async function readWire(ctx: ParseContext): Promise<WireState> {
  const s: WireState = { b: new KimiBuilder(ctx), sawLine: false };
  for await (const line of ctx.lines()) {
    const { text, lineNo } = line;
    if (!text.trim()) continue;
    s.sawLine = true;
    const notWire = 'Line is not a wire record ({type, …}); skipped';
    const record = readRecord(line, (n, message) => s.b.warn(n, message), notWire);
    if (!record) continue;
    if (typeof record.type !== 'string') {
      s.b.warn(lineNo, notWire);
      continue;
    }
    dispatch(s, { lineNo, raw: text, timestamp: isoFromEpoch(record.time) }, record);
  }
  return s;
}

function dispatch(s: WireState, line: Line, r: Json): void {
  const type = r.type as string;
  switch (type) {
    case 'metadata':
      s.protocol = str(r.protocol_version);
      return;
    case 'context.append_message':
      if (isObject(r.message)) handleMessage(s, line, r.message);
      else s.b.pushUnknown(line, 'context.append_message:(no message)');
      return;
    case 'context.append_loop_event':
      s.beforeFirstTurn ??= s.b.messages.length;
      return loopEvent(s, line, obj(r.event) ?? {});
    case 'context.apply_compaction':
      s.step = undefined;
      s.b.push(line, 'system', compactionParts(r), 'compaction-summary');
      return;
    case 'context.clear':
      s.step = undefined;
      s.b.push(line, 'system', [{ type: 'generic', kind: 'clear', content: 'Context cleared' }], 'clear');
      return;
    case 'context.undo':
      s.b.push(line, 'system', [{ type: 'generic', kind: 'undo', content: `Undo ${num(r.count) ?? 1}` }], 'undo');
      return;
    case 'turn.prompt':
    case 'turn.steer':
      s.beforeFirstTurn ??= s.b.messages.length;
      return turnPrompt(s, line, r);
    case 'turn.cancel':
      s.b.push(line, 'system', [{ type: 'text', content: `Turn cancelled${str(r.reason) ? ` (${str(r.reason)})` : ''}` }], 'interrupt');
      return;
    case 'usage.record': {
      const model = str(r.model);
      if (model) s.b.models.add(model);
      return;
    }
    default:
      if (type === 'turn.ended') return turnEnded(s, line, r);
      if (STATE_RECORDS.has(type)) return cwdFrom(s, r);
      s.b.pushUnknown(line, type);
  }
}

function loopEvent(s: WireState, line: Line, e: Json): void {
  const type = str(e.type);
  const stepUuid = str(e.stepUuid) ?? str(e.uuid) ?? '';
  switch (type) {
    case 'step.begin':
      s.step = undefined; // opened lazily: steps with no content leave no message
      return;
    case 'step.end': {
      const usage = obj(e.usage);
      if (usage) {
        const u = { inputTokens: num(usage.inputOther), outputTokens: num(usage.output), cacheReadTokens: num(usage.inputCacheRead), cacheWriteTokens: num(usage.inputCacheCreation) };
        const clean = Object.fromEntries(Object.entries(u).filter(([, v]) => v !== undefined));
        if (Object.keys(clean).length) {
          s.b.addUsage(clean);
          if (s.step && s.step.uuid === str(e.uuid)) s.step.message.usage = clean;
        }
      }
      if (s.step) s.step.message.native = `${s.step.message.native}\n${line.raw}`;
      return;
    }
    case 'content.part': {
      const part = obj(e.part);
      const mapped = part ? mapPart(part) : undefined;
      const target = open(s, line, stepUuid);
      if (mapped === 'unknown') {
        s.b.pushUnknownPart(str(part?.type) ?? '(none)');
        target.parts.push({ type: 'generic', kind: str(part?.type) ?? 'unknown', content: JSON.stringify(part) });
      } else if (mapped) target.parts.push(mapped);
      return;
    }
    case 'tool.call': {
      const target = open(s, line, stepUuid);
      target.parts.push({ type: 'tool_call', id: str(e.toolCallId) ?? `L${line.lineNo}`, name: str(e.name) ?? 'tool', arguments: e.args === undefined ? '' : asText(e.args) });
      return;
    }
    case 'tool.result': {
      const result = obj(e.result) ?? {};
      const output = result.output;
      const text = typeof output === 'string' ? output : contentText(output);
      const response: Part = { type: 'tool_call_response', id: str(e.toolCallId) ?? '', response: text };
      if (result.isError === true) response.isError = true;
      const media = contentParts(typeof output === 'string' ? [] : output)
        .filter((p) => p.type !== 'text')
        .map(mapPart)
        .filter((p): p is Part => !!p && p !== 'unknown');
      s.b.push(line, 'tool', [response, ...media]);
      return;
    }
    default:
      s.b.pushUnknown(line, `loop:${type ?? '(none)'}`);
  }
}

/** The assistant message of the current step, created on its first content. */
function open(s: WireState, line: Line, uuid: string): ReturnType<KimiBuilder['push']> {
  if (s.step && (s.step.uuid === uuid || !uuid)) {
    if (s.step.message.native !== line.raw) s.step.message.native = `${s.step.message.native}\n${line.raw}`;
    return s.step.message;
  }
  const message = s.b.push(line, 'assistant', []);
  s.step = { uuid, message };
  return message;
}

function turnPrompt(s: WireState, line: Line, r: Json): void {
  const origin = r.origin;
  const kind = typeof origin === 'string' ? origin : str(obj(origin)?.kind);
  if (kind !== undefined && kind !== 'user') return; // other origins arrive as context messages with their kind
  const parts = contentParts(r.input).map(mapPart).filter((p): p is Part => !!p && p !== 'unknown');
  s.step = undefined;
  s.prompt = s.b.push(line, 'user', parts);
}

function turnEnded(s: WireState, line: Line, r: Json): void {
  const error = obj(r.error);
  if (!error) return;
  s.b.push(line, 'system', [{ type: 'text', content: str(error.message) ?? JSON.stringify(error) }], 'api-error');
}

function compactionParts(r: Json): Part[] {
  const summary = r.summary;
  const text = typeof summary === 'string' ? summary : isObject(summary) ? contentText(summary.content) : str(r.contextSummary);
  return [{ type: 'text', content: text || 'Context compacted' }];
}

/**
 * The working directory: `config.update` carries it as `cwd` in the v1 engine's journals
 * (packages/agent-core, protocol 1.1–1.4); the v2 engine discloses it to the model in
 * `environmentDisclosure` of `config.update` / `profile.bind`.
 */
function cwdFrom(s: WireState, r: Json): void {
  s.cwd ??= str(obj(r.environmentDisclosure)?.cwd) ?? (r.type === 'config.update' ? str(r.cwd) : undefined);
}
