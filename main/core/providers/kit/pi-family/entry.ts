/**
 * One entry of a Pi-format session file → the messages it shows. The entry types and message
 * roles are those docs/session.md of Pi, oh-my-pi and OpenClaw describe.
 */
import type { Message, ParseWarning, Part, Role, Usage } from '../../../../../shared/record';
import { obj, str, type Json } from '../json';
import { usageOf } from '../usage';
import type { SourceLine } from '../provider';
import { contentParts } from './content';
import { skillPrompt } from './skill-prompt';

/** What the whole file gathers while its entries are read. */
export interface SessionFacts {
  readonly warnings: ParseWarning[];
  readonly messages: Message[];
  readonly models: Set<string>;
  /** Entry types and message roles this parser does not know. */
  readonly unknown: Set<string>;
  readonly blobs: string;
  header?: Json;
  /** The ids of the entries read, so that one written twice is read once. */
  readonly entryIds: Set<string>;
  /** The name a `session_info` entry gives. */
  name?: string;
  firstPrompt?: string;
}

type Push = (mid: string, role: Role, parts: Part[], kind?: string, extra?: Partial<Message>) => void;

/** What reading one entry needs: its id, how to add a message, how to warn. */
interface EntryScope {
  readonly facts: SessionFacts;
  readonly id: string;
  readonly push: Push;
  readonly warn: (message: string) => void;
}

/** Entries that hold no conversation content: kept in the file, not shown. */
const QUIET = new Set(['custom', 'label', 'thinking_level_change', 'session_info', 'ttsr_injection']);

const text = (content: string): Part[] => [{ type: 'text', content }];

export async function readEntry(facts: SessionFacts, entry: Json, line: SourceLine): Promise<void> {
  const type = str(entry.type) ?? '(untyped)';
  const id = str(entry.id) ?? `L${line.lineNo}`;
  // Pi 0.55.1 and earlier could write a fork's header and path a second time into one file (#1672): an entry is read once.
  if (str(entry.id) && type !== 'session') {
    if (facts.entryIds.has(id)) return;
    facts.entryIds.add(id);
  }
  const timestamp = str(entry.timestamp);
  const push: Push = (mid, role, parts, kind, extra = {}) => {
    if (!parts.length) return;
    const m: Message = { id: mid, role, parts, native: line.text, source: 0, ...extra };
    const parent = str(entry.parentId);
    if (parent && mid === id) m.parentId = parent;
    if (timestamp) m.timestamp = timestamp;
    if (kind) m.kind = kind;
    facts.messages.push(m);
  };
  const scope: EntryScope = { facts, id, push, warn: (message) => facts.warnings.push({ line: line.lineNo, message }) };
  switch (type) {
    case 'session':
      facts.header ??= entry;
      break;
    case 'message':
      await readMessage(scope, obj(entry.message) ?? {});
      break;
    case 'session_info':
      facts.name = str(entry.name) ?? facts.name;
      break;
    default:
      if (await readSideEntry(scope, type, entry)) break;
      if (!QUIET.has(type)) {
        facts.unknown.add(type);
        push(id, 'system', [{ type: 'generic', kind: type, content: line.text }], 'unknown');
      }
  }
}

/** Entries beside the messages: summaries, model and mode changes, a sub-agent's setup. False when the type is none of them. */
async function readSideEntry({ facts, id, push, warn }: EntryScope, type: string, entry: Json): Promise<boolean> {
  switch (type) {
    case 'compaction':
      push(id, 'system', text(str(entry.summary) ?? ''), 'compaction-summary');
      return true;
    case 'branch_summary':
      push(id, 'system', text(str(entry.summary) ?? ''), 'branch-summary');
      return true;
    case 'custom_message':
      push(id, 'system', await contentParts(entry.content, facts.blobs, warn), 'extension');
      return true;
    case 'model_change': {
      const model = str(entry.modelId) ?? str(entry.model);
      if (model) push(id, 'system', text([str(entry.provider), model].filter(Boolean).join('/')), 'model-change');
      return true;
    }
    case 'mode_change':
      push(id, 'system', text(str(entry.mode) ?? ''), 'mode');
      return true;
    case 'session_init': {
      const prompt = str(entry.systemPrompt);
      if (prompt) push(id, 'system', text(prompt), 'system-prompt');
      const task = str(entry.task);
      if (task) push(`${id}#task`, 'system', text(task), 'subagent-task');
      return true;
    }
    default:
      return false;
  }
}

/** A `message` entry, by the role of its message. */
async function readMessage(scope: EntryScope, message: Json): Promise<void> {
  const { facts, id, push, warn } = scope;
  const role = str(message.role);
  switch (role) {
    case 'user': {
      const parts = await contentParts(message.content, facts.blobs, warn);
      const skill = skillPrompt(parts);
      const typed = skill?.typed ?? parts;
      facts.firstPrompt ??= typed.map((p) => (p.type === 'text' ? p.content : '')).join('');
      push(id, 'user', typed, skill ? 'slash-command' : undefined);
      if (skill) push(`${id}#skill`, 'system', skill.skill, 'skill');
      break;
    }
    case 'assistant':
      await readAssistant(scope, message);
      break;
    case 'toolResult': {
      const parts = await contentParts(message.content, facts.blobs, warn);
      const texts = parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.content : ''));
      const response: Part = { type: 'tool_call_response', id: str(message.toolCallId) ?? '', response: texts.join('\n') };
      if (message.isError === true) response.isError = true;
      push(id, 'tool', [response, ...parts.filter((p) => p.type !== 'text')]);
      break;
    }
    case 'bashExecution': {
      // A command the person ran with `!` (their input), then what it printed.
      push(id, 'user', text(str(message.command) ?? ''), 'shell-command');
      const output = str(message.output);
      if (output) push(`${id}#output`, 'system', text(output), 'command-output');
      break;
    }
    case 'custom':
    case 'hookMessage':
      push(id, 'system', await contentParts(message.content, facts.blobs, warn), 'extension');
      break;
    case 'branchSummary':
    case 'compactionSummary':
      push(id, 'system', text(str(message.summary) ?? ''), role === 'branchSummary' ? 'branch-summary' : 'compaction-summary');
      break;
    default:
      facts.unknown.add(`message role ${role ?? '(none)'}`);
      push(id, 'system', [{ type: 'generic', kind: role ?? 'message', content: JSON.stringify(message) }], 'unknown');
  }
}

/** The answer with its model and usage; a failed call also shows its error. */
async function readAssistant({ facts, id, push, warn }: EntryScope, message: Json): Promise<void> {
  const model = str(message.model);
  if (model) facts.models.add(model);
  const extra: Partial<Message> = {};
  if (model) extra.model = model;
  const usage = piUsage(message.usage);
  if (usage) extra.usage = usage;
  push(id, 'assistant', await contentParts(message.content, facts.blobs, warn), undefined, extra);
  const error = str(message.errorMessage);
  if (error && message.stopReason === 'error') push(`${id}#error`, 'system', text(error), 'api-error');
}

/** `{input, output, cacheRead, cacheWrite}` (packages/ai Usage). */
function piUsage(value: unknown): Usage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  return usageOf({ inputTokens: u.input, outputTokens: u.output, cacheReadTokens: u.cacheRead, cacheWriteTokens: u.cacheWrite });
}
