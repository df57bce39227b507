/**
 * The commands a person typed into a session that its chat file does not hold. Gemini CLI
 * answers most slash commands itself (`/stats`, `/model`, `/memory show`, `/chat save`…) and
 * records none of them in the chat, but logs every submitted input to the project's `logs.json`
 * (packages/core/src/core/logger.ts, `[{sessionId, messageId, timestamp, type: "user",
 * message}]`). A `/` entry of this session that no user message of the chat says (`/init`,
 * which the chat records, is said there) becomes a `user` `slash-command` at its time.
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning } from '../../../../../shared/record';
import { num, str } from '../json';
import type { ParseContext } from '../provider';
import { readEntries } from './logs';
import { projectDirOf } from './project';

export async function addLoggedCommands(ctx: ParseContext, conversation: Conversation): Promise<void> {
  const projectDir = projectDirOf(ctx.path);
  // A subagent is not typed into; a chat outside a project folder has no log beside it.
  if (!projectDir || conversation.parentId) return;
  const logs = path.join(projectDir, 'logs.json');
  let text: string;
  try {
    text = await ctx.sibling(logs).readText();
  } catch {
    return; // no log: nothing typed apart is known
  }
  // The log's own faults are reported where it is parsed as a file (logs.ts), not on every chat.
  const ignored: ParseWarning[] = [];
  const said = new Map<string, number>();
  for (const m of conversation.messages) if (m.role === 'user') said.set(normal(textOf(m)), (said.get(normal(textOf(m))) ?? 0) + 1);
  const commands: Message[] = [];
  for (const { record, raw } of readEntries(text, ignored)) {
    const typed = str(record.message);
    if (str(record.sessionId) !== conversation.nativeId || !typed?.trimStart().startsWith('/') || (record.type !== undefined && record.type !== 'user')) continue;
    const left = said.get(normal(typed)) ?? 0;
    if (left > 0) {
      said.set(normal(typed), left - 1); // the chat has it (typed once, recorded once)
      continue;
    }
    const m: Message = { id: `log-${num(record.messageId) ?? commands.length}`, role: 'user', kind: 'slash-command', parts: [{ type: 'text', content: typed.trim() }], native: raw, source: 1 };
    const at = str(record.timestamp);
    if (at) m.timestamp = at;
    commands.push(m);
  }
  if (commands.length === 0) return;
  for (const c of commands) insertAtItsTime(conversation.messages, c);
  conversation.sources.push(logs);
}

/** Whitespace aside, as typed text is compared. */
const normal = (text: string) => text.trim().replace(/\s+/g, ' ');
const textOf = (m: Message) => m.parts.map((p) => (p.type === 'text' ? p.content : '')).join('');

/**
 * Before the first message after it (the end without a time), taking that message's place in
 * the chain of parents (build.ts links each message to the one before it on its branch).
 */
function insertAtItsTime(messages: Message[], command: Message): void {
  const taken = new Set(messages.map((m) => m.id));
  for (let n = 2; taken.has(command.id); n += 1) command.id = `${command.id.replace(/~\d+$/, '')}~${n}`;
  const time = command.timestamp ? Date.parse(command.timestamp) : Number.NaN;
  const at = Number.isNaN(time) ? -1 : messages.findIndex((m) => m.timestamp !== undefined && Date.parse(m.timestamp) > time);
  if (at === -1) {
    const last = messages[messages.length - 1];
    if (last) command.parentId = last.id;
    messages.push(command);
    return;
  }
  const next = messages[at];
  if (next.parentId !== undefined) command.parentId = next.parentId;
  next.parentId = command.id;
  messages.splice(at, 0, command);
}
