/**
 * Parses one session file of the Pi session format, which the Pi coding agent (badlogic/pi-mono
 * packages/coding-agent), its fork oh-my-pi and OpenClaw (built on Pi's SessionManager) all
 * write. Line 1 is the header `{type: "session", version?, id, timestamp, cwd, parentSession?,
 * title?}`; every later line an entry `{type, id, parentId, timestamp, …}` of a tree (branches
 * stay in the file; each message keeps its parent). docs/session.md of each project describes
 * the entries; the pi provider's README.md maps them.
 */
import type { AgentId } from '../../../../../shared/agents';
import type { Conversation, Message, ParseWarning, Part, Role, Usage } from '../../../../../shared/record';
import { seedConversation, titleFrom } from '../identity';
import { num, obj, str, type Json } from '../json';
import { readRecord } from '../json-lines';
import type { ParseContext } from '../provider';
import { blobDir, contentParts } from './content';

/** Which agent wrote the file, and what it knows of the session beyond the file. */
export interface PiFamilyAgent {
  readonly agent: AgentId;
  /** The agent's name, for warnings. */
  readonly label: string;
  /** A title the agent keeps outside the file (OpenClaw's sessions.json), used when the file names none. */
  readonly titleOutside?: (sessionId: string) => Promise<string | undefined>;
}

/** Entries that hold no conversation content: kept in the file, not shown. */
const QUIET = new Set(['custom', 'label', 'thinking_level_change', 'session_info', 'ttsr_injection']);

export async function parsePiFamilySession(ctx: ParseContext, who: PiFamilyAgent): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  const messages: Message[] = [];
  const models = new Set<string>();
  const unknown = new Set<string>();
  const blobs = blobDir(ctx.path);
  let header: Json | undefined;
  let name: string | undefined;
  let firstPrompt: string | undefined;
  let first: string | undefined;
  let last: string | undefined;
  let sawLine = false;

  for await (const line of ctx.lines()) {
    if (!line.text.trim()) continue;
    sawLine = true;
    const entry = readRecord(line, (n, message) => warnings.push({ line: n, message }));
    if (!entry) continue;
    const warn = (message: string) => warnings.push({ line: line.lineNo, message });
    const type = str(entry.type) ?? '(untyped)';
    const id = str(entry.id) ?? `L${line.lineNo}`;
    const timestamp = str(entry.timestamp);
    if (type !== 'session' && timestamp) {
      first ??= timestamp;
      last = timestamp;
    }
    const push = (mid: string, role: Role, parts: Part[], kind?: string, extra: Partial<Message> = {}) => {
      if (!parts.length) return;
      const m: Message = { id: mid, role, parts, native: line.text, source: 0, ...extra };
      const parent = str(entry.parentId);
      if (parent && mid === id) m.parentId = parent;
      if (timestamp) m.timestamp = timestamp;
      if (kind) m.kind = kind;
      messages.push(m);
    };
    switch (type) {
      case 'session':
        header ??= entry;
        break;
      case 'message': {
        const message = obj(entry.message) ?? {};
        const role = str(message.role);
        switch (role) {
          case 'user': {
            const parts = await contentParts(message.content, blobs, warn);
            firstPrompt ??= parts.map((p) => (p.type === 'text' ? p.content : '')).join('');
            push(id, 'user', parts);
            break;
          }
          case 'assistant': {
            const model = str(message.model);
            if (model) models.add(model);
            const extra: Partial<Message> = {};
            if (model) extra.model = model;
            const usage = usageOf(message.usage);
            if (usage) extra.usage = usage;
            push(id, 'assistant', await contentParts(message.content, blobs, warn), undefined, extra);
            const error = str(message.errorMessage);
            if (error && message.stopReason === 'error') push(`${id}#error`, 'system', [{ type: 'text', content: error }], 'api-error');
            break;
          }
          case 'toolResult': {
            const parts = await contentParts(message.content, blobs, warn);
            const texts = parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.content : ''));
            const response: Part = { type: 'tool_call_response', id: str(message.toolCallId) ?? '', response: texts.join('\n') };
            if (message.isError === true) response.isError = true;
            push(id, 'tool', [response, ...parts.filter((p) => p.type !== 'text')]);
            break;
          }
          case 'bashExecution': {
            // A command the person ran with `!` (their input), then what it printed.
            push(id, 'user', [{ type: 'text', content: str(message.command) ?? '' }], 'shell-command');
            const output = str(message.output);
            if (output) push(`${id}#output`, 'system', [{ type: 'text', content: output }], 'command-output');
            break;
          }
          case 'custom':
          case 'hookMessage':
            push(id, 'system', await contentParts(message.content, blobs, warn), 'extension');
            break;
          case 'branchSummary':
          case 'compactionSummary':
            push(id, 'system', [{ type: 'text', content: str(message.summary) ?? '' }], role === 'branchSummary' ? 'branch-summary' : 'compaction-summary');
            break;
          default:
            unknown.add(`message role ${role ?? '(none)'}`);
            push(id, 'system', [{ type: 'generic', kind: role ?? 'message', content: JSON.stringify(message) }], 'unknown');
        }
        break;
      }
      case 'compaction':
        push(id, 'system', [{ type: 'text', content: str(entry.summary) ?? '' }], 'compaction-summary');
        break;
      case 'branch_summary':
        push(id, 'system', [{ type: 'text', content: str(entry.summary) ?? '' }], 'branch-summary');
        break;
      case 'custom_message':
        push(id, 'system', await contentParts(entry.content, blobs, warn), 'extension');
        break;
      case 'model_change': {
        const model = str(entry.modelId) ?? str(entry.model);
        if (model) push(id, 'system', [{ type: 'text', content: [str(entry.provider), model].filter(Boolean).join('/') }], 'model-change');
        break;
      }
      case 'mode_change':
        push(id, 'system', [{ type: 'text', content: str(entry.mode) ?? '' }], 'mode');
        break;
      case 'session_init': {
        const prompt = str(entry.systemPrompt);
        if (prompt) push(id, 'system', [{ type: 'text', content: prompt }], 'system-prompt');
        const task = str(entry.task);
        if (task) push(`${id}#task`, 'system', [{ type: 'text', content: task }], 'subagent-task');
        break;
      }
      case 'session_info':
        name = str(entry.name) ?? name;
        break;
      default:
        if (!QUIET.has(type)) {
          unknown.add(type);
          push(id, 'system', [{ type: 'generic', kind: type, content: line.text }], 'unknown');
        }
    }
  }
  if (!sawLine) return [];
  if (!header) warnings.unshift({ message: `No ${who.label} session header (first line {"type":"session",…}); the session id is taken from the file name` });
  if (unknown.size) warnings.push({ message: `Unknown ${who.label} session entries kept as generic messages: ${[...unknown].sort().join(', ')}` });
  const nativeId = str(header?.id) ?? idFromName(ctx.path);
  const title = [name, str(header?.title), await who.titleOutside?.(nativeId)].find((t) => t?.trim()) ?? firstPrompt;
  return [
    seedConversation(
      { agent: who.agent, nativeId, ctx, cwd: str(header?.cwd), models, warnings, messages },
      { title: titleFrom(title), startedAt: str(header?.timestamp) ?? first, endedAt: last },
    ),
  ];
}

/** `<timestamp>_<id>.jsonl` (Pi), `<id>.jsonl[.reset.<time>]` (OpenClaw) → the id. */
function idFromName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.jsonl(\.reset\..*)?$/, '').replace(/^.*_/, '');
}

/** `{input, output, cacheRead, cacheWrite}` (packages/ai Usage). */
function usageOf(value: unknown): Usage | undefined {
  const u = obj(value);
  if (!u) return undefined;
  const out: Usage = {};
  const set = (key: keyof Usage, v: unknown) => {
    const n = num(v);
    if (n !== undefined) out[key] = n;
  };
  set('inputTokens', u.input);
  set('outputTokens', u.output);
  set('cacheReadTokens', u.cacheRead);
  set('cacheWriteTokens', u.cacheWrite);
  return Object.keys(out).length ? out : undefined;
}
