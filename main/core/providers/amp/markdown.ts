/**
 * A thread saved with `amp threads markdown <T-id>`: YAML front matter (`title`, `threadId`,
 * `created`, `agentMode`), a `# title` line, then `## User` / `## Assistant` sections. In them
 * `**Tool Use:** \`name\`` is followed by the call's input in a fence, and (in the next user
 * section) `**Tool Result:** \`toolu_…\`` by its output in a fence. The render names no call
 * ids on the calls: a section's results answer the calls before them in order. It has no
 * usage, model or per-message time (the JSON export, `amp threads export`, has them).
 */
import type { Conversation, Message, Part, Role } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';

const SECTION = /^## (User|Assistant)\s*$/;
const TOOL_USE = /^\*\*Tool Use:\*\*\s*`([^`]*)`\s*$/;
const TOOL_RESULT = /^\*\*Tool Result:\*\*\s*`([^`]*)`\s*$/;
const FENCE = /^(`{3,}|~{3,})/;

/** Whether the first bytes are such a render: front matter naming an Amp thread. */
export function looksLikeAmpMarkdown(head: string): boolean {
  const front = frontMatter(head.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n'));
  return front !== undefined && /^T-[0-9A-Za-z-]{8,}$/.test(front.fields.threadId ?? '');
}

export async function parseAmpMarkdown(ctx: ParseContext): Promise<Conversation[]> {
  const text = (await ctx.readText()).replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const front = frontMatter(text);
  if (!front?.fields.threadId) return [];
  const lines = text.split('\n');
  const reader = new SectionReader();
  let heading: string | undefined;
  for (let i = front.endLine; i < lines.length; i++) {
    const fence = reader.inFence(lines[i]);
    const section = fence ? undefined : SECTION.exec(lines[i]);
    if (section) reader.section(section[1] === 'User' ? 'user' : 'assistant', i + 1);
    else if (!reader.started && !fence && lines[i].startsWith('# ')) heading ??= lines[i].slice(2).trim();
    else reader.line(lines, i);
  }
  reader.flush();
  const messages = reader.messages;
  const created = front.fields.created && !Number.isNaN(Date.parse(front.fields.created)) ? new Date(front.fields.created).toISOString() : undefined;
  const firstPrompt = messages.find((m) => m.role === 'user')?.parts.find((p) => p.type === 'text');
  const c = seedConversation(
    { agent: 'amp', nativeId: front.fields.threadId, ctx, models: [], warnings: [], messages },
    { title: titleFrom(front.fields.title || heading || (firstPrompt?.type === 'text' ? firstPrompt.content : undefined)), startedAt: created },
  );
  return [c];
}

/** Walks the sections, turning each into messages; tracks fences so a `## User` inside code is content. */
class SectionReader {
  readonly messages: Message[] = [];
  started = false;
  private role: Role = 'user';
  private headerLine = 0;
  private buffer: string[] = [];
  private parts: Part[] = [];
  private fence?: string;
  /** A Tool Use / Tool Result waiting for its fenced body. */
  private pending?: { kind: 'use' | 'result'; name: string; lineNo: number; body?: string[] };
  /** Calls not answered yet, oldest first: results take their ids in order. */
  private readonly unanswered: Extract<Part, { type: 'tool_call' }>[] = [];

  /** Whether the line is inside (or opens or closes) a fence, tracking it. */
  inFence(line: string): boolean {
    const marker = FENCE.exec(line)?.[1];
    if (this.fence === undefined) {
      if (marker) this.fence = marker;
      return marker !== undefined;
    }
    if (marker && marker[0] === this.fence[0] && marker.length >= this.fence.length && line.trim() === marker) this.fence = undefined;
    return true;
  }

  section(role: 'user' | 'assistant', lineNo: number): void {
    this.flush();
    this.started = true;
    this.role = role;
    this.headerLine = lineNo;
  }

  line(lines: readonly string[], i: number): void {
    if (!this.started) return;
    const line = lines[i];
    const p = this.pending;
    if (p?.body) {
      // Inside the tool block's fence; the line that closed it (the fence is gone now) ends the block.
      if (this.fence === undefined) this.endTool();
      else p.body.push(line);
      return;
    }
    if (p) {
      if (!line.trim()) return;
      if (this.fence !== undefined && FENCE.test(line)) {
        p.body = [];
        return;
      }
      this.endTool(); // a marker with no fenced body
    }
    const use = this.fence === undefined ? TOOL_USE.exec(line) : null;
    const result = this.fence === undefined && !use ? TOOL_RESULT.exec(line) : null;
    if (use || result) {
      this.flushText();
      this.pending = { kind: use ? 'use' : 'result', name: (use ?? result)![1], lineNo: i + 1 };
      return;
    }
    this.buffer.push(line);
  }

  private endTool(): void {
    const p = this.pending!;
    this.pending = undefined;
    const body = (p.body ?? []).join('\n');
    if (p.kind === 'use') {
      const call = { type: 'tool_call' as const, id: `md-L${p.lineNo}`, name: p.name || 'tool', arguments: body };
      this.parts.push(call);
      this.unanswered.push(call);
      return;
    }
    const call = this.unanswered.shift();
    if (call) call.id = p.name || call.id;
    this.flushParts();
    this.push('tool', [{ type: 'tool_call_response', id: p.name || call?.id || `md-L${p.lineNo}`, response: body }], p.lineNo);
  }

  private flushText(): void {
    const text = this.buffer.join('\n').replace(/^\s*\n/, '').trimEnd();
    this.buffer = [];
    if (text.trim()) this.parts.push({ type: 'text', content: text });
  }

  private flushParts(): void {
    this.flushText();
    if (!this.parts.length) return;
    this.push(this.role, this.parts, this.headerLine);
    this.parts = [];
  }

  flush(): void {
    if (this.pending) this.endTool();
    this.flushParts();
  }

  private push(role: Role, parts: Part[], lineNo: number): void {
    let id = `md-L${lineNo}`;
    for (let n = 2; this.messages.some((m) => m.id === id); n++) id = `md-L${lineNo}~${n}`;
    this.messages.push({ id, role, parts, source: 0 });
  }
}

/** The `---` … `---` block at the top: its `key: value` lines and where the body starts. */
function frontMatter(text: string): { fields: Record<string, string>; endLine: number } | undefined {
  const lines = text.split('\n', 40);
  if (lines[0]?.trim() !== '---') return undefined;
  const fields: Record<string, string> = {};
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '---') return { fields, endLine: i + 1 };
    const m = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(lines[i]);
    if (m) fields[m[1]] = unquote(m[2].trim());
  }
  return undefined;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      return value.slice(1, -1);
    }
  }
  return value.length >= 2 && value.startsWith("'") && value.endsWith("'") ? value.slice(1, -1).replace(/''/g, "'") : value;
}
