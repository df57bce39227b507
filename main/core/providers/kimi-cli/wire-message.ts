/**
 * A kimi-code `context.append_message` record: `{role, content, toolCalls, toolCallId,
 * isError, origin}`. `origin.kind` says who wrote a user-role message (agent-core-v2
 * agent/contextMemory/types.ts): only `user` (and `/skill`, `/plugin` commands and `!shell`
 * input the person typed) is a typed prompt; injections, compaction summaries, task and
 * cron notifications, hook results and retries are system text.
 */
import type { Part } from '../../../../shared/record';
import type { Line } from './builder';
import { contentParts, mapPart } from './content';
import { arr, asText, isObject, str, type Json } from '../kit/json';
import type { WireState } from './wire';

const SYSTEM_ORIGINS: Record<string, string> = {
  injection: 'injection',
  compaction_summary: 'compaction-summary',
  system_trigger: 'system-trigger',
  task: 'task-notification',
  cron_job: 'cron',
  cron_missed: 'cron',
  hook_result: 'hook-result',
  retry: 'retry',
};

export function handleMessage(s: WireState, line: Line, m: Json): void {
  const role = str(m.role);
  const parts = mapAll(s, m.content);
  if (role === 'assistant') {
    for (const call of arr(m.toolCalls ?? m.tool_calls)) {
      if (!isObject(call)) continue;
      parts.push({ type: 'tool_call', id: str(call.id) ?? `L${line.lineNo}`, name: str(call.name) ?? str((call.function as Json | undefined)?.name) ?? 'tool', arguments: asText(call.arguments ?? (call.function as Json | undefined)?.arguments) });
    }
    s.step = undefined;
    s.b.push(line, 'assistant', parts);
    return;
  }
  if (role === 'tool') {
    const text = parts.map((p) => (p.type === 'text' ? p.content : '')).filter(Boolean).join('\n');
    const response: Part = { type: 'tool_call_response', id: str(m.toolCallId) ?? str(m.tool_call_id) ?? '', response: text };
    if (m.isError === true) response.isError = true;
    s.b.push(line, 'tool', [response, ...parts.filter((p) => p.type !== 'text')]);
    return;
  }
  if (role === 'system') {
    s.b.push(line, 'system', parts, 'system-prompt');
    return;
  }
  if (role !== 'user') {
    s.b.pushUnknown(line, `role:${role ?? '(none)'}`);
    return;
  }
  const origin = isObject(m.origin) ? m.origin : typeof m.origin === 'string' ? { kind: m.origin } : undefined;
  const kind = str(origin?.kind);
  s.step = undefined;
  if (!kind || kind === 'user') return typed(s, line, parts);
  if (kind === 'skill_activation' || kind === 'plugin_command') {
    // `/name args` the person typed, stored expanded: the command first, the expansion kept.
    const name = str(origin?.skillName) ?? str(origin?.commandName) ?? kind;
    const args = str(origin?.skillArgs) ?? str(origin?.commandArgs);
    const command: Part = { type: 'text', content: `/${name}${args ? ` ${args}` : ''}` };
    const expansion: Part = { type: 'generic', kind: 'command-expansion', content: parts.map((p) => (p.type === 'text' ? p.content : '')).join('\n') };
    if (str(origin?.trigger) === 'user-slash') s.b.push(line, 'user', [command, expansion], 'slash-command');
    else s.b.push(line, 'system', parts, 'skill');
    return;
  }
  if (kind === 'shell_command') {
    if (str(origin?.phase) === 'input') s.b.push(line, 'user', parts, 'shell-command');
    else s.b.push(line, 'system', parts, 'command-output');
    return;
  }
  s.b.push(line, 'system', parts, SYSTEM_ORIGINS[kind] ?? kind);
}

/** A typed prompt: joins the `turn.prompt` record written just before it, if any. */
function typed(s: WireState, line: Line, parts: Part[]): void {
  const prompt = s.prompt;
  s.prompt = undefined;
  if (prompt) {
    prompt.native = `${prompt.native}\n${line.raw}`;
    if (parts.length) prompt.parts = parts;
    return;
  }
  s.b.push(line, 'user', parts);
}

function mapAll(s: WireState, content: unknown): Part[] {
  const out: Part[] = [];
  for (const p of contentParts(content)) {
    const mapped = mapPart(p);
    if (mapped === 'unknown') {
      s.b.pushUnknownPart(str(p.type) ?? '(none)');
      out.push({ type: 'generic', kind: str(p.type) ?? 'unknown', content: JSON.stringify(p) });
    } else if (mapped) out.push(mapped);
  }
  return out;
}
