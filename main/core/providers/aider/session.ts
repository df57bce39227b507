/**
 * One aider session (from one `# aider chat started at` header to the next) being built
 * from the file's blocks: prompts, replies and harness output become messages; the output
 * lines also give the aider version, models, token counts and which edits were applied.
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning, Part, Usage } from '../../../../shared/record';
import { titleFrom, seedConversation } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { sumUsage } from '../kit/usage';
import { replyParts, type EditCall, type ReplyLine } from './reply';

export interface Block {
  readonly lines: readonly ReplyLine[];
}

/** `Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: skip` */
const CONFIRM_ANSWER = /\(Y\)es\/\(N\)o.*\[[^\]]*\]: ?\S*$/;
const VERSION = /^Aider v(\S+)/;
const MODEL = /^(?:Main model|Model|Editor model): (\S+)/;
const TOKENS = /^Tokens: (.+)$/;
const APPLIED = /^Applied edit to (.+?)\s*$/;
const TITLE_COMMAND = /^\/(ask|code|architect|chat|context|help)\s+/;

export class AiderSession {
  readonly messages: Message[] = [];
  readonly warnings: ParseWarning[] = [];
  agentVersion?: string;
  private readonly models = new Set<string>();
  private currentModel?: string;
  private usage?: Usage;
  private readonly pendingEdits: EditCall[] = [];
  private afterSlash = false;
  private typed = 0;
  private replies = 0;

  constructor(
    private readonly ctx: ParseContext,
    readonly nativeId: string,
    readonly startedAt: string | undefined,
  ) {}

  /** Worth keeping: the person typed something or the model answered. */
  get hasContent(): boolean {
    return this.typed > 0 || this.replies > 0;
  }

  prompt(block: Block): void {
    const raw = block.lines.map((l) => l.text).join('\n');
    const subBlocks = splitOnBlank(block.lines).map((sb) => sb.map((l) => stripPrompt(l.text)).join('\n'));
    const texts: string[] = [];
    for (const text of subBlocks) {
      // `/ask X` is followed by aider re-logging `X` as the input it hands the model.
      const previous = texts[texts.length - 1];
      if (previous !== undefined && commandArgument(previous) === text.trim()) continue;
      texts.push(text === '<blank>' ? '' : text);
    }
    const parts: Part[] = texts.map((content) => ({ type: 'text', content }));
    const first = block.lines[0].lineNo;
    if (subBlocks.every((t) => CONFIRM_ANSWER.test(t.trim()))) {
      this.push(first, raw, 'system', parts, 'confirm-answer');
      return;
    }
    if (this.isHandoff(texts.join('\n'))) {
      this.push(first, raw, 'system', parts, 'architect-handoff');
      return;
    }
    const slash = texts[0]?.trimStart().startsWith('/') ?? false;
    this.afterSlash = slash;
    this.typed += 1;
    this.push(first, raw, 'user', parts, slash ? 'slash-command' : undefined);
  }

  reply(block: Block): void {
    const edits: EditCall[] = [];
    const parts = replyParts(block.lines, this.warnings, edits);
    if (!parts.length) return;
    this.afterSlash = false;
    this.replies += 1;
    this.pendingEdits.push(...edits);
    const m = this.push(block.lines[0].lineNo, block.lines.map((l) => l.text).join('\n'), 'assistant', parts);
    if (this.currentModel) m.model = this.currentModel;
  }

  output(block: Block): void {
    const lines = block.lines.map((l) => stripOutput(l.text));
    const applied: { path: string; line: string }[] = [];
    for (const line of lines) {
      const version = VERSION.exec(line);
      if (version) this.agentVersion ??= version[1];
      const model = MODEL.exec(line);
      if (model) {
        if (!line.startsWith('Editor model')) this.currentModel = model[1];
        this.models.add(model[1]);
      }
      const tokens = TOKENS.exec(line);
      if (tokens) this.addUsage(parseTokens(tokens[1]));
      const edit = APPLIED.exec(line);
      if (edit) applied.push({ path: edit[1], line });
    }
    const first = block.lines[0].lineNo;
    const raw = block.lines.map((l) => l.text).join('\n');
    this.answerEdits(first, raw, applied);
    const content = trimBlank(lines).join('\n');
    if (content.trim()) this.push(first, raw, 'system', [{ type: 'text', content }], this.afterSlash ? 'command-output' : 'aider-output');
  }

  finish(): Conversation {
    return seedConversation(
      { agent: 'aider', nativeId: this.nativeId, ctx: this.ctx, cwd: path.dirname(this.ctx.path), models: this.models, warnings: this.warnings, messages: this.messages },
      { title: titleFrom(this.titlePrompt()), startedAt: this.startedAt, usage: this.usage, agentVersion: this.agentVersion },
    );
  }

  /** In architect mode the architect's reply is logged again as the editor model's input. */
  private isHandoff(text: string): boolean {
    const last = this.messages[this.messages.length - 1 - this.trailingSystem()];
    if (!last || last.role !== 'assistant') return false;
    const reply = last.parts.map((p) => (p.type === 'text' ? p.content : '')).join('\n');
    const a = squash(reply);
    return a.length > 0 && a === squash(text);
  }

  private trailingSystem(): number {
    let n = 0;
    for (let k = this.messages.length - 1; k >= 0 && this.messages[k].role !== 'assistant' && this.messages[k].role !== 'user'; k--) n += 1;
    return n;
  }

  /** `Applied edit to <path>` answers the session's unanswered edit calls on that path. */
  private answerEdits(lineNo: number, raw: string, applied: { path: string; line: string }[]): void {
    const parts: Part[] = [];
    for (const a of applied) {
      for (let k = 0; k < this.pendingEdits.length; ) {
        if (samePath(this.pendingEdits[k].path, a.path)) {
          parts.push({ type: 'tool_call_response', id: this.pendingEdits[k].id, response: a.line });
          this.pendingEdits.splice(k, 1);
        } else k += 1;
      }
    }
    if (parts.length) this.push(lineNo, raw, 'tool', parts, undefined, '.edits');
  }

  private addUsage(u: Usage): void {
    if (!Object.keys(u).length) return;
    const last = this.messages.findLast((m) => m.role === 'assistant');
    if (last && !last.usage) last.usage = u;
    this.usage = sumUsage(this.usage, u);
  }

  private titlePrompt(): string | undefined {
    const prompts = this.messages.filter((m) => m.role === 'user').map((m) => (m.parts[0]?.type === 'text' ? m.parts[0].content : ''));
    for (const p of prompts) {
      const t = p.trim();
      if (!t) continue;
      if (!t.startsWith('/')) return t;
      if (TITLE_COMMAND.test(t)) return t.replace(TITLE_COMMAND, '');
    }
    return prompts.find((p) => p.trim());
  }

  private push(lineNo: number, native: string, role: Message['role'], parts: Part[], kind?: string, suffix = ''): Message {
    const message: Message = { id: `L${lineNo}${suffix}`, role, parts, native, source: 0 };
    if (kind) message.kind = kind;
    this.messages.push(message);
    return message;
  }
}

/** `2.4k sent, 5.4k cache hit, 1.2k received. Cost: …` → token counts (aider rounds them). */
export function parseTokens(text: string): Usage {
  const u: Usage = {};
  const grab = (re: RegExp): number | undefined => {
    const m = re.exec(text);
    if (!m) return undefined;
    const n = Number.parseFloat(m[1].replace(/,/g, ''));
    const scale = m[2] === 'k' ? 1e3 : m[2] === 'M' ? 1e6 : 1;
    return Number.isFinite(n) ? Math.round(n * scale) : undefined;
  };
  const sent = grab(/([\d.,]+)([kM]?) sent/);
  const received = grab(/([\d.,]+)([kM]?) received/);
  const cacheHit = grab(/([\d.,]+)([kM]?) cache hit/);
  const cacheWrite = grab(/([\d.,]+)([kM]?) cache write/);
  if (sent !== undefined) u.inputTokens = sent;
  if (received !== undefined) u.outputTokens = received;
  if (cacheHit !== undefined) u.cacheReadTokens = cacheHit;
  if (cacheWrite !== undefined) u.cacheWriteTokens = cacheWrite;
  return u;
}

function splitOnBlank(lines: readonly ReplyLine[]): ReplyLine[][] {
  const out: ReplyLine[][] = [];
  let cur: ReplyLine[] = [];
  for (const l of lines) {
    if (l.text.trim()) cur.push(l);
    else if (cur.length) {
      out.push(cur);
      cur = [];
    }
  }
  if (cur.length) out.push(cur);
  return out;
}

function stripPrompt(line: string): string {
  let s = line.startsWith('#### ') ? line.slice(5) : line === '####' ? '' : line;
  if (s.endsWith('  ')) s = s.slice(0, -2);
  return s;
}

function stripOutput(line: string): string {
  let s = line.startsWith('> ') ? line.slice(2) : line === '>' ? '' : line;
  if (s.endsWith('  ')) s = s.slice(0, -2);
  return s;
}

/** `/ask what is x` → `what is x`; not a slash command → undefined. */
function commandArgument(text: string): string | undefined {
  const m = /^\/[\w-]+\s+([\s\S]+)$/.exec(text.trim());
  return m ? m[1].trim() : undefined;
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function trimBlank(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && !lines[a].trim()) a += 1;
  while (b > a && !lines[b - 1].trim()) b -= 1;
  return lines.slice(a, b);
}

function samePath(a: string, b: string): boolean {
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/^\.\//, '');
  return norm(a) === norm(b) || norm(b).endsWith(`/${norm(a)}`) || norm(a).endsWith(`/${norm(b)}`);
}
