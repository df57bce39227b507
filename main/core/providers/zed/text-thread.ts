/**
 * One of Zed's older text threads (the assistant panel's "contexts"): `<contexts dir>/<summary>
 * - <n>.zed.json`, a `SavedContext` (zed-industries/zed crates/assistant_context/src/
 * assistant_context.rs): `{id, zed: "context", version, text, messages, summary,
 * slash_command_output_sections, thought_process_output_sections}`. The whole thread is one
 * editable text; each message is where it starts in it (a byte offset) and its metadata:
 * 0.4.0 `{id: {value, replica_id}, start, metadata: {role, status, timestamp}}`; 0.1.0–0.3.0
 * `{id: n, start}` with the metadata in `message_metadata["n"]: {role, status}`. Sections are
 * byte ranges: a slash command's output (`{range: {start, end}, icon, label}`) and the model's
 * thinking. No per-message times: the file's modification time is the thread's, as Zed shows it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Conversation, Message, ParseWarning, Part, Role } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import { arr, isObject, num, obj, shortError, str, type Json } from '../kit/json';
import { parseJsonDocument } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';

export const TEXT_THREAD_SUFFIX = '.zed.json';

interface Section {
  readonly start: number;
  readonly end: number;
  readonly part: (text: string) => Part;
}

export async function parseZedTextThread(ctx: ParseContext): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  let doc: Json = {};
  try {
    const parsed = parseJsonDocument(await ctx.readText((note) => warnings.push({ message: note })), (line, message) => warnings.push({ line, message }));
    if (isObject(parsed)) doc = parsed;
    else warnings.push({ message: 'The text thread is not a JSON object; not read' });
  } catch (error) {
    warnings.push({ message: `Unreadable text thread JSON (${shortError(error)})` });
  }
  const bytes = Buffer.from(str(doc.text) ?? '', 'utf8');
  const sections = sectionsOf(doc);
  const starts = messageStarts(doc, warnings);
  const messages: Message[] = [];
  starts.forEach((m, i) => {
    const end = i + 1 < starts.length ? starts[i + 1].start : bytes.length;
    const parts = partsOf(bytes, m.start, end, sections);
    // An empty message is the one Zed keeps open for the next prompt (or a reply that failed at once).
    if (parts.length) messages.push({ id: `T${m.id}`, role: m.role, parts, native: JSON.stringify(m.native), source: 0 });
    if (m.error) messages.push({ id: `T${m.id}#error`, role: 'system', kind: 'api-error', parts: [{ type: 'text', content: m.error }], native: JSON.stringify(m.native), source: 0 });
  });
  if (!messages.length && !Object.keys(doc).length) return [];
  const firstPrompt = messages.find((m) => m.role === 'user')?.parts.flatMap((p) => (p.type === 'text' ? [p.content] : [])).join('');
  const mtime = await stat(ctx.path).then((s) => s.mtime.toISOString(), () => undefined);
  const stem = path.basename(ctx.path).slice(0, -TEXT_THREAD_SUFFIX.length);
  return [
    seedConversation(
      { agent: 'zed', nativeId: str(doc.id) ?? stem, ctx, models: [], warnings, messages },
      { title: titleFrom(str(doc.summary)?.trim() || firstPrompt), endedAt: mtime },
    ),
  ];
}

interface Start {
  readonly id: number;
  readonly start: number;
  readonly role: Role;
  readonly error?: string;
  readonly native: unknown;
}

/** The messages in text order, each with its role (0.4.0 inline metadata, older `message_metadata`). */
function messageStarts(doc: Json, warnings: ParseWarning[]): Start[] {
  const older = obj(doc.message_metadata);
  const out: Start[] = [];
  let unknownRoles = 0;
  for (const m of arr(doc.messages)) {
    if (!isObject(m)) continue;
    const id = num(m.id) ?? num(obj(m.id)?.value) ?? out.length;
    const meta = obj(m.metadata) ?? obj(older?.[String(num(m.id))]);
    const role = str(meta?.role);
    const start = num(m.start);
    if (start === undefined) continue;
    if (role !== 'user' && role !== 'assistant' && role !== 'system') unknownRoles += 1;
    const status = meta?.status;
    const error = isObject(status) ? str(status.Error) : undefined;
    out.push({ id, start, role: role === 'assistant' || role === 'system' ? role : 'user', error, native: meta ? { ...m, metadata: meta } : m });
  }
  if (unknownRoles) warnings.push({ message: `${unknownRoles} text thread message(s) without a known role read as the person's` });
  return out.sort((a, b) => a.start - b.start);
}

/** Slash command output (the attached context) and the model's thinking, as byte ranges of the text. */
function sectionsOf(doc: Json): Section[] {
  const range = (s: unknown) => obj(obj(s)?.range);
  const out: Section[] = [];
  for (const s of arr(doc.slash_command_output_sections)) {
    const r = range(s);
    const label = str(obj(s)?.label);
    if (num(r?.start) !== undefined && num(r?.end) !== undefined) out.push({ start: num(r!.start)!, end: num(r!.end)!, part: (content) => ({ type: 'generic', kind: label ? `slash-command ${label}` : 'slash-command', content }) });
  }
  for (const s of arr(doc.thought_process_output_sections)) {
    const r = range(s);
    if (num(r?.start) !== undefined && num(r?.end) !== undefined) out.push({ start: num(r!.start)!, end: num(r!.end)!, part: (content) => ({ type: 'reasoning', content }) });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A message's bytes as parts: its text, with the sections inside it as their own parts. */
function partsOf(bytes: Buffer, start: number, end: number, sections: readonly Section[]): Part[] {
  const parts: Part[] = [];
  const text = (from: number, to: number) => bytes.subarray(from, to).toString('utf8');
  const plain = (from: number, to: number) => {
    const t = text(from, to).trim();
    if (t) parts.push({ type: 'text', content: t });
  };
  let at = start;
  for (const s of sections) {
    if (s.end <= start || s.start >= end) continue;
    const from = Math.max(s.start, start);
    const to = Math.min(s.end, end);
    plain(at, from);
    const body = text(from, to).trim();
    if (body) parts.push(s.part(body));
    at = Math.max(at, to);
  }
  plain(at, end);
  return parts;
}
