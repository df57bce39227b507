/**
 * Parses a kimi-cli context file: one JSON object per line, `{"role": …}`. `user`,
 * `assistant`, `tool`, `system` lines are kosong `Message`s (`content` = string or parts,
 * `tool_calls` = [{id, function: {name, arguments}}], `tool_call_id`); the pseudo-roles
 * `_checkpoint` {id}, `_usage` {token_count} and `_system_prompt` {content} are kimi-cli's own.
 * Source: MoonshotAI/kimi-cli src/kimi_cli/soul/context.py, soul/message.py, soul/compaction.py.
 */
import type { Part } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { KimiBuilder, type Line } from './builder';
import { contentParts, contentText, mapPart } from './content';
import { forEachJsonRecord } from '../kit/json-lines';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';

const COMPACTION = 'Previous context has been compacted';

export interface ContextResult {
  readonly builder: KimiBuilder;
  /** The file had at least one non-blank line. */
  readonly sawLine: boolean;
}

export async function readContext(ctx: ParseContext): Promise<ContextResult> {
  const b = new KimiBuilder(ctx);
  const sawLine = await forEachJsonRecord(ctx, (lineNo, message) => b.warn(lineNo, message), (record, line) => handle(b, line, record));
  return { builder: b, sawLine };
}

function handle(b: KimiBuilder, line: Line, r: Json): void {
  const before = b.messages.length;
  route(b, line, r);
  // What a compaction keeps of the last turns (soul/compaction.py `to_preserve`) is written after
  // its summary and before the next turn's checkpoint: copies of messages the rotated file holds.
  for (const m of b.messages.slice(before)) {
    if (m.kind === 'compaction-summary') b.compactionCopies = true;
    else if (b.compactionCopies) b.copies.add(m);
  }
}

function route(b: KimiBuilder, line: Line, r: Json): void {
  const role = str(r.role);
  switch (role) {
    case '_checkpoint':
      b.compactionCopies = false;
      return; // bookkeeping: an undo point
    case '_usage':
      return; // bookkeeping: the context's token count
    case '_system_prompt':
      b.push(line, 'system', textParts(r.content), 'system-prompt');
      return;
    case 'user':
      return user(b, line, r);
    case 'assistant':
      return assistant(b, line, r);
    case 'tool':
      return tool(b, line, r);
    case 'system':
      b.push(line, 'system', parts(b, line, r.content), 'system');
      return;
    default:
      b.pushUnknown(line, `role:${role ?? '(none)'}`);
  }
}

/** kimi-cli wraps what it injects in `<system>…</system>` / `<system-reminder>` / `<notification …>`. */
function user(b: KimiBuilder, line: Line, r: Json): void {
  const text = contentText(r.content).trimStart();
  const mapped = parts(b, line, r.content);
  if (text.startsWith('<system>')) {
    const kind = /^<system>CHECKPOINT \d+<\/system>\s*$/.test(text) ? 'checkpoint' : text.includes(COMPACTION) ? 'compaction-summary' : 'injected';
    b.push(line, 'system', mapped, kind);
  } else if (text.startsWith('<system-reminder>')) {
    b.push(line, 'system', mapped, 'reminder');
  } else if (text.startsWith('<notification ')) {
    b.push(line, 'system', mapped, 'notification');
  } else {
    const skill = mapped.length === 1 ? skillInvocation(text) : undefined;
    if (skill) b.push(line, 'user', [{ type: 'text', content: skill.command }, { type: 'generic', kind: 'skill', content: skill.body }], 'slash-command');
    else b.push(line, 'user', mapped);
  }
}

/** A SKILL.md's frontmatter: `name:` and `description:` lines between `---` fences. */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
const REQUEST = '\n\nUser request:\n';

/**
 * What `/skill:<name> [request]` writes as the user's message (soul/kimisoul.py _make_skill_runner):
 * the skill's SKILL.md, frontmatter first, then `User request:` and what was typed after the
 * command. The person typed the command; the file is the skill's.
 */
function skillInvocation(text: string): { command: string; body: string } | undefined {
  const head = FRONTMATTER.exec(text)?.[1];
  const name = head ? /^name:[ \t]*["']?([^"'\r\n]+?)["']?[ \t]*$/m.exec(head)?.[1] : undefined;
  if (!name || !/^description:/m.test(head!)) return undefined;
  const at = text.lastIndexOf(REQUEST);
  const request = at >= 0 ? text.slice(at + REQUEST.length).trim() : '';
  return { command: `/skill:${name}${request ? ` ${request}` : ''}`, body: at >= 0 ? text.slice(0, at) : text };
}

function assistant(b: KimiBuilder, line: Line, r: Json): void {
  const out = parts(b, line, r.content);
  for (const call of arr(r.tool_calls)) {
    if (!isObject(call)) continue;
    const fn = obj(call.function);
    out.push({ type: 'tool_call', id: str(call.id) ?? `L${line.lineNo}`, name: str(fn?.name) ?? 'tool', arguments: asText(fn?.arguments) });
  }
  b.push(line, 'assistant', out);
}

/**
 * Tool results are content parts; a failed call starts with `<system>ERROR: …</system>`
 * (soul/message.py). The Oct 2025 PR #127 build wrote a failed shell command as
 * `<system>Command failed with exit code: N.</system>` without the ERROR prefix.
 */
const TOOL_ERROR = /^<system>(ERROR\b|Command failed with exit code|Command killed by timeout)/;

function tool(b: KimiBuilder, line: Line, r: Json): void {
  const id = str(r.tool_call_id) ?? '';
  const all = contentParts(r.content);
  const text = all.map((p) => (p.type === 'text' ? (str(p.text) ?? '') : '')).filter(Boolean).join('\n');
  const response: Part = { type: 'tool_call_response', id, response: text };
  if (TOOL_ERROR.test(text.trimStart())) response.isError = true;
  const media = parts(b, line, all.filter((p) => p.type !== 'text'));
  b.push(line, 'tool', [response, ...media]);
}

function parts(b: KimiBuilder, line: Line, content: unknown): Part[] {
  const out: Part[] = [];
  for (const p of contentParts(content)) {
    const mapped = mapPart(p);
    if (mapped === 'unknown') {
      b.pushUnknownPart(str(p.type) ?? '(none)');
      out.push({ type: 'generic', kind: str(p.type) ?? 'unknown', content: JSON.stringify(p) });
    } else if (mapped) {
      out.push(mapped);
    }
  }
  return out;
}

function textParts(content: unknown): Part[] {
  const text = typeof content === 'string' ? content : contentText(content);
  return text ? [{ type: 'text', content: text }] : [];
}
