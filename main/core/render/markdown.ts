/**
 * The Markdown view of a conversation: what `dejavu export` and the app's export write.
 * Transcript text is reproduced as written; tool calls and results go in fenced blocks whose
 * fence is longer than any backtick run inside, so content can never break out of them.
 */
import { AGENT_LABELS } from '../../../shared/agents';
import type { Conversation, Message, Part } from '../../../shared/record';
import { localDay, systemTimeZone } from '../../../shared/local-day';

export interface MarkdownOptions {
  /** Include `system` messages (injected context). Default true. */
  readonly includeSystem?: boolean;
  /** Cut tool output longer than this many characters (default 20,000; 0 = never). */
  readonly maxToolOutput?: number;
  /** IANA zone times are shown in; default: the process's. */
  readonly timeZone?: string;
}

const ROLE_LABEL: Record<Message['role'], string> = { user: 'User', assistant: 'Assistant', tool: 'Tool', system: 'System' };

export function conversationToMarkdown(c: Conversation, options: MarkdownOptions = {}): string {
  const out: string[] = [];
  out.push(`# ${oneLine(c.title ?? c.nativeId)}`, '');
  const facts: [string, string | undefined][] = [
    ['Agent', `${AGENT_LABELS[c.agent]}${c.agentVersion ? ` ${c.agentVersion}` : ''}`],
    ['Workspace', c.workspace],
    ['Instance', c.instance],
    ['Directory', c.cwd],
    ['Branch', c.gitBranch],
    ['Started', c.startedAt],
    ['Ended', c.endedAt],
    ['Models', c.models.join(', ') || undefined],
    ['Conversation', c.id],
    ['Source', `${c.sourcePath}${c.sourceDeleted ? ' (deleted; this archive is the only copy)' : ''}`],
  ];
  for (const [k, v] of facts) if (v) out.push(`- **${k}:** ${oneLine(v)}`);
  if (c.warnings.length) out.push(`- **Warnings:** ${c.warnings.length} unreadable record(s) skipped`);
  for (const r of c.rewrites ?? []) {
    out.push(`- **Source ${r.how === 'shrank' ? 'cut' : 'rewritten'}:** ${r.at}, ${r.kept} message(s) it no longer holds kept below as earlier revisions`);
  }
  out.push('');
  for (const m of c.messages) {
    if (m.role === 'system' && options.includeSystem === false) continue;
    const body = m.parts.map((p) => partToMarkdown(p, options)).filter(Boolean);
    if (body.length === 0) continue;
    const label = `${ROLE_LABEL[m.role]}${m.kind ? ` (${m.kind})` : ''}${m.supersededAt ? ' (earlier revision)' : ''}`;
    out.push(`## ${label}${m.timestamp ? ` · ${m.timestamp}` : ''}`, '');
    out.push(body.join('\n\n'), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function partToMarkdown(p: Part, options: MarkdownOptions): string {
  switch (p.type) {
    case 'text':
      return p.content.trim();
    case 'reasoning':
      if (!p.content.trim()) return p.redacted ? '<details><summary>Thinking (redacted)</summary></details>' : '';
      return `<details><summary>Thinking</summary>\n\n${p.content.trim()}\n\n</details>`;
    case 'tool_call':
      return `**Tool call: ${oneLine(p.name)}**\n\n${fence(prettyJson(p.arguments), looksJson(p.arguments) ? 'json' : '')}`;
    case 'tool_call_response': {
      const limit = options.maxToolOutput ?? 20_000;
      const text = limit > 0 && p.response.length > limit ? `${p.response.slice(0, limit)}\n… (${p.response.length - limit} more characters)` : p.response;
      return `**Tool result${p.isError ? ' (error)' : ''}**\n\n${fence(text, '')}`;
    }
    case 'blob':
      return `*[${p.modality}: ${p.mimeType}, ${Math.round((p.content.length * 3) / 4 / 1024)} KiB]*`;
    case 'generic':
      return p.content.trim() ? `*${oneLine(p.kind)}:*\n\n${fence(p.content, '')}` : '';
  }
}

/** A fenced block that the content cannot close early. */
export function fence(content: string, lang: string): string {
  const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${content.replace(/\n$/, '')}\n${ticks}`;
}

function looksJson(s: string): boolean {
  const t = s.trimStart();
  return t.startsWith('{') || t.startsWith('[');
}

function prettyJson(s: string): string {
  if (!looksJson(s)) return s;
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s;
  }
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** `YYYY-MM-DD_<title>.md` (the person's local day of the conversation, else `undated`), safe on every OS. */
export function exportFileName(c: Conversation | { startedAt?: string; endedAt?: string; title?: string; nativeId: string }, timeZone: string = systemTimeZone()): string {
  const dated = c.startedAt ?? c.endedAt;
  const date = (dated && localDay(dated, timeZone)) ?? 'undated';
  const title = (c.title ?? c.nativeId)
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim()
    .replace(/[. ]+$/, '');
  return `${date}_${title || 'conversation'}.md`;
}

export interface MarkdownPageOptions extends MarkdownOptions {
  /** Stop adding messages once the page is this long (at least one message is always shown). */
  readonly maxChars?: number;
}

/** One page of a conversation: messages [from, next) of total, as Markdown. */
export interface MarkdownPage {
  readonly markdown: string;
  readonly from: number;
  /** The first message not on this page; equals total on the last page. */
  readonly next: number;
  readonly total: number;
}

/**
 * Messages [from, from + limit) as Markdown under a header that says which they are and how to
 * get the next ones, so a reader with a small window (a model over MCP) can page through a huge
 * thread. Each message is headed with its index, the one search hits point at.
 */
export function conversationPageToMarkdown(c: Conversation, from: number, limit: number, options: MarkdownPageOptions = {}): MarkdownPage {
  const total = c.messages.length;
  const start = Math.min(Math.max(0, from), total);
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY;
  const body: string[] = [];
  let size = 0;
  let next = start;
  while (next < total && next < start + limit) {
    const m = c.messages[next];
    const parts = m.role === 'system' && options.includeSystem === false ? [] : m.parts.map((p) => partToMarkdown(p, options)).filter(Boolean);
    const label = `${ROLE_LABEL[m.role]}${m.kind ? ` (${m.kind})` : ''}${m.supersededAt ? ' (earlier revision)' : ''}`;
    const text = `## [${next}] ${label}${m.timestamp ? ` · ${m.timestamp}` : ''}\n\n${parts.length ? parts.join('\n\n') : '*(nothing shown)*'}\n`;
    if (body.length > 0 && size + text.length > maxChars) break;
    body.push(text);
    size += text.length;
    next += 1;
  }
  // The facts block of the whole-conversation view, without its messages.
  const head = start === 0 ? conversationToMarkdown({ ...c, messages: [] }).trimEnd() : `# ${oneLine(c.title ?? c.nativeId)} (${c.id})`;
  const count = total.toLocaleString('en-US');
  const range =
    total === 0
      ? 'This conversation has no messages.'
      : next === start
        ? `from=${from} is past the last message: there are ${count} (numbered 0–${total - 1}).`
        : `Messages ${start}–${next - 1} of ${count} (numbered from 0). ${next < total ? `More follow: call again with from=${next}.` : 'This is the last page.'}`;
  return { markdown: `${`${head}\n\n> ${range}\n\n${body.join('\n')}`.trimEnd()}\n`, from: start, next, total };
}
