/**
 * The commands a person typed into a session that its chat file does not hold. Gemini CLI
 * answers most slash commands itself (`/stats`, `/model`, `/memory show`, `/chat save`…) and
 * records none of them in the chat, but logs every submitted input to the project's `logs.json`
 * (packages/core/src/core/logger.ts, `[{sessionId, messageId, timestamp, type: "user",
 * message}]`). A `/` entry of this session that no user message of the chat says (`/init`,
 * which the chat records, is said there) becomes a `user` `slash-command` at its time.
 */
import path from 'node:path';
import type { Conversation, Message } from '../../../../../shared/record';
import { num, str } from '../json';
import type { ParseContext } from '../provider';
import { fileStamp } from '../file-stamp-cache';
import { readEntries } from './logs';
import { projectDirOf } from './project';

interface Logged {
  readonly typed: string;
  readonly raw: string;
  readonly messageId?: number;
  readonly timestamp?: string;
  /** The id it was logged under. */
  readonly sessionId: string;
}

/**
 * The log's entries typed into one chat, in order. The CLI's logger keeps the session id it
 * started with (packages/cli/src/ui/hooks/useLogger.ts creates it once), so what is typed after
 * `/clear` or `/resume` (which move the CLI to another session) is logged under that first id:
 * a session's own entries end with the first of those, and each stretch after one (up to the
 * next) belongs to the chat holding its first prompt, typed within a minute of the entry.
 */
function chatEntries(bySession: ReadonlyMap<string, readonly Logged[]>, conversation: Conversation): Logged[] {
  const own = bySession.get(conversation.nativeId) ?? [];
  const first = own.findIndex((e) => SWITCHES.test(e.typed.trim()));
  const out = first < 0 ? [...own] : own.slice(0, first + 1);
  const prompts = new Map<string, number[]>();
  for (const m of conversation.messages) {
    if (m.role !== 'user' || m.kind === 'slash-command' || !m.timestamp) continue;
    const key = normal(textOf(m));
    prompts.set(key, [...(prompts.get(key) ?? []), Date.parse(m.timestamp)]);
  }
  for (const list of bySession.values()) {
    for (const { since, entries } of stretchesAfterSwitches(list)) {
      const prompt = entries.find((e) => !COMMAND.test(e.typed.trimStart()));
      const at = Date.parse(prompt?.timestamp ?? '');
      // The chat's prompt is written after the switch: the chat left by it may hold the same words earlier.
      if (prompt && prompts.get(normal(prompt.typed))?.some((t) => t >= since && Math.abs(t - at) <= SAME_PROMPT_MS)) out.push(...entries);
    }
  }
  return out;
}

/** The entries after each `/clear` or `/resume` of one logged session (when it was typed), each stretch up to and with the next. */
function stretchesAfterSwitches(list: readonly Logged[]): { since: number; entries: Logged[] }[] {
  const stretches: { since: number; entries: Logged[] }[] = [];
  let current: Logged[] | undefined;
  for (const e of list) {
    current?.push(e);
    if (SWITCHES.test(e.typed.trim())) stretches.push({ since: Date.parse(e.timestamp ?? '') || 0, entries: (current = []) });
  }
  return stretches.filter((s) => s.entries.length > 0);
}
/** A chat's prompt and its log entry are written within this of each other (both when it is sent). */
const SAME_PROMPT_MS = 60_000;
const SWITCHES = /^\/(?:clear|resume)(?:\s|$)/;

/** A command the CLI answers: `/name` and its arguments (a path typed in shell mode, `/usr/bin/make`, is not one). */
const COMMAND = /^\/[A-Za-z][\w:.-]*(?:\s|$)/;

export async function addLoggedCommands(ctx: ParseContext, conversation: Conversation): Promise<void> {
  const projectDir = projectDirOf(ctx.path);
  // A subagent is not typed into; a chat outside a project folder has no log beside it.
  if (!projectDir || conversation.parentId) return;
  const bySession = await logOf(ctx, path.join(projectDir, 'logs.json'));
  const entries = chatEntries(bySession, conversation);
  const said = new Map<string, number>();
  for (const m of conversation.messages) if (m.role === 'user') said.set(normal(textOf(m)), (said.get(normal(textOf(m))) ?? 0) + 1);
  const logged = new Set(entries.map((e) => normal(e.typed)));
  for (const [index, entry] of entries.entries()) {
    if (!COMMAND.test(entry.typed.trimStart())) continue;
    const left = said.get(normal(entry.typed)) ?? 0;
    if (left > 0) {
      said.set(normal(entry.typed), left - 1); // the chat has it (typed once, recorded once)
      continue;
    }
    // Its source is the chat's (0): the archive reads a conversation with two sources as one
    // spread over two files, each read on its own, and would keep a command where it first saw it.
    // messageId counts per logged session: one logged under another id (after a switch) says which.
    const own = entry.sessionId === conversation.nativeId ? '' : `${entry.sessionId.slice(0, 8)}-`;
    const m: Message = { id: `log-${own}${entry.messageId ?? index}`, role: 'user', kind: 'slash-command', parts: [{ type: 'text', content: entry.typed.trim() }], native: entry.raw, source: 0 };
    if (entry.timestamp) m.timestamp = entry.timestamp;
    const at = insertAtItsTime(conversation.messages, m);
    expansionAfter(conversation.messages, at, logged);
    if (m.timestamp && (!conversation.endedAt || Date.parse(m.timestamp) > Date.parse(conversation.endedAt))) conversation.endedAt = m.timestamp;
  }
}

/**
 * Chats written before `displayContent` (and with context management on, whose display is what
 * was sent) record a command that sends a prompt (`/init`, a custom command) as that prompt only.
 * The person typed the command: the plain user message next after it (the CLI's notes aside), sent
 * within EXPANSION_MS, that the log holds no entry of is what the CLI sent for it.
 */
function expansionAfter(messages: readonly Message[], at: number, logged: ReadonlySet<string>): void {
  const command = messages[at];
  // The CLI's own notes while the command works (`info`: "Empty GEMINI.md created") come first.
  let i = at + 1;
  while (messages[i]?.role === 'system') i += 1;
  const next = messages[i];
  if (next?.role !== 'user' || next.kind !== undefined || logged.has(normal(textOf(next)))) return;
  const gap = Date.parse(next.timestamp ?? '') - Date.parse(command.timestamp ?? '');
  if (!(gap >= 0 && gap <= EXPANSION_MS)) return;
  next.role = 'system';
  next.kind = 'command-expansion';
}
/** How long after its command an expansion may be sent (a command may work first: row 33's `/init` wrote GEMINI.md 2.7 s before its prompt). */
const EXPANSION_MS = 15_000;

/** The last log read, by session, while its file is unchanged: every chat of a project asks for it. */
let cached: { file: string; stamp: string; bySession: Map<string, Logged[]> } | undefined;

async function logOf(ctx: ParseContext, file: string): Promise<ReadonlyMap<string, readonly Logged[]>> {
  const stamp = fileStamp(file);
  if (stamp === undefined) return new Map(); // no log: nothing typed apart is known
  if (cached?.file === file && cached.stamp === stamp) return cached.bySession;
  const bySession = new Map<string, Logged[]>();
  try {
    // The log's own faults are reported where it is parsed as a file (logs.ts), not on every chat.
    for (const { record, raw } of readEntries(await ctx.sibling(file).readText(), [])) {
      const sessionId = str(record.sessionId);
      const typed = str(record.message);
      if (sessionId === undefined || typed === undefined || (record.type !== undefined && record.type !== 'user')) continue;
      const entry: Logged = { typed, raw, messageId: num(record.messageId), timestamp: str(record.timestamp), sessionId };
      const list = bySession.get(sessionId);
      if (list) list.push(entry);
      else bySession.set(sessionId, [entry]);
    }
  } catch {
    return new Map(); // gone while read
  }
  cached = { file, stamp, bySession };
  return bySession;
}

/** Whitespace aside, as typed text is compared. */
const normal = (text: string) => text.trim().replace(/\s+/g, ' ');
const textOf = (m: Message) => m.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');

/**
 * Before the first message after it (the end without a time), taking that message's place in
 * the chain of parents (build.ts links each message to the one before it on its branch); where it went.
 */
function insertAtItsTime(messages: Message[], command: Message): number {
  const taken = new Set(messages.map((m) => m.id));
  for (let n = 2; taken.has(command.id); n += 1) command.id = `${command.id.replace(/~\d+$/, '')}~${n}`;
  const time = command.timestamp ? Date.parse(command.timestamp) : Number.NaN;
  const at = Number.isNaN(time) ? -1 : messages.findIndex((m) => m.timestamp !== undefined && Date.parse(m.timestamp) > time);
  if (at === -1) {
    const last = messages[messages.length - 1];
    if (last) command.parentId = last.id;
    messages.push(command);
    return messages.length - 1;
  }
  const next = messages[at];
  if (next.parentId !== undefined) command.parentId = next.parentId;
  next.parentId = command.id;
  messages.splice(at, 0, command);
  return at;
}
