/**
 * The Markdown view of a conversation: what `dejavu export` and the app's export write.
 * Transcript text is reproduced as written; tool calls, results and injected context go in
 * fenced blocks whose fence is longer than any backtick run inside, so content can never break
 * out of them.
 */
import { AGENT_LABELS } from '../../../shared/agents';
import { diffText } from '../../../shared/diff';
import { localDateTime, localDay, systemTimeZone } from '../../../shared/local-day';
import type { FarConversation } from '../../../shared/far-record';
import { wholeText } from '../../../shared/far-strings';
import type { Conversation, Message, Part, ToolCallPart, ToolCallResponsePart } from '../../../shared/record';
import { describeTool } from '../../../shared/describe-tool';
import { type Args, parseJson } from '../../../shared/tool-args';
import { parseToolOutput } from '../../../shared/tool-output';
import { displayTitle } from '../../../shared/title';
import { cutToolOutput } from './far-output';
import { parentFact } from './parent-fact';

export interface MarkdownOptions {
  /** Include `system` messages (injected context). Default true. */
  readonly includeSystem?: boolean;
  /** Cut tool output longer than this many characters (default 20,000; 0 = never). */
  readonly maxToolOutput?: number;
  /** IANA zone times are shown in; default: the process's. */
  readonly timeZone?: string;
}

const ROLE_LABEL: Record<Message['role'], string> = { user: 'User', assistant: 'Assistant', tool: 'Tool', system: 'System' };

/**
 * The conversation as it reads in the app: one heading per prompt of the person, the agent's
 * answer under it (its steps without headings of their own), each tool's result right under its
 * call, edits as `diff` blocks, injected context folded, times in the person's time zone.
 */
export function conversationToMarkdown(c: FarConversation, options: MarkdownOptions = {}): string {
  const tz = options.timeZone ?? systemTimeZone();
  const when = (iso: string | undefined) => (iso ? localDateTime(iso, tz) : undefined);
  const out = headerLines(c, when);

  const results = new Map<string, ToolCallResponsePart>();
  const calls = new Set<string>();
  for (const m of c.messages) {
    for (const p of m.parts) {
      if (p.type === 'tool_call') calls.add(p.id);
      else if (p.type === 'tool_call_response' && p.id && !results.has(p.id)) results.set(p.id, p);
    }
  }
  const agent = AGENT_LABELS[c.agent];
  /** Whether the agent's answer to the current prompt has its heading yet. */
  let answering = false;
  for (const m of c.messages) {
    const time = m.timestamp ? ` · ${when(m.timestamp)}` : '';
    const revision = m.supersededAt ? ' (earlier revision)' : '';
    const kind = m.kind ? ` (${m.kind})` : '';
    if (m.role === 'system') {
      if (options.includeSystem === false) continue;
      const text = m.parts.map((p) => (p.type === 'text' || p.type === 'generic' ? p.content.trim() : '')).filter(Boolean).join('\n\n');
      if (!text) continue;
      // Folded and fenced: its own headings must not break the transcript's outline.
      out.push(`<details><summary>Injected context${kind}${revision}${time}</summary>`, '', fence(text, 'text'), '', '</details>', '');
      continue;
    }
    const body = m.parts
      .filter((p) => !(p.type === 'tool_call_response' && calls.has(p.id)))
      .map((p) => (p.type === 'tool_call' ? toolCallToMarkdown(p, results.get(p.id), options) : partToMarkdown(p, options)))
      .filter(Boolean);
    if (body.length === 0) continue;
    if (m.role === 'user') {
      out.push(`## You${kind}${revision}${time}`, '');
      answering = false;
    } else {
      if (!answering) out.push(`### ${agent}${time}`, '');
      answering = true;
      if (revision || (m.kind && m.role === 'tool')) out.push(`*${[m.kind, revision.trim().replace(/[()]/g, '')].filter(Boolean).join(', ')}*`, '');
    }
    out.push(body.join('\n\n'), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The title and the facts block (agent, where, when, its parent, its source), then a blank line. */
function headerLines(c: FarConversation, when: (iso: string | undefined) => string | undefined): string[] {
  const out: string[] = [`# ${oneLine(displayTitle(c))}`, ''];
  const facts: [string, string | undefined][] = [
    ['Agent', `${AGENT_LABELS[c.agent]}${c.agentVersion ? ` ${c.agentVersion}` : ''}`],
    ['Workspace', c.workspace],
    ['Instance', c.instance],
    ['Directory', c.cwd],
    ['Branch', c.gitBranch],
    ['Started', when(c.startedAt)],
    ['Ended', when(c.endedAt)],
    ['Models', c.models.join(', ') || undefined],
    ['Conversation', c.id],
    ...parentFact(c),
    ['Source', `${c.sourcePath}${c.sourceDeleted ? ' (deleted; this archive is the only copy)' : ''}`],
  ];
  for (const [k, v] of facts) if (v) out.push(`- **${k}:** ${oneLine(v)}`);
  if (c.warnings.length) out.push(`- **Warnings:** ${c.warnings.length} (records skipped or read in part; \`export --format json\` lists them)`);
  for (const r of c.rewrites ?? []) {
    out.push(`- **Source ${r.how === 'shrank' ? 'cut' : 'rewritten'}:** ${when(r.at)}, ${r.kept} message(s) it no longer holds kept below as earlier revisions`);
  }
  out.push('');
  return out;
}

/** Arguments an edit's diff or a command's block already shows (with the description in the heading). */
const SHOWN_ARGUMENTS = new Set([
  ...['description', 'command', 'cmd', 'input', 'patch', 'patchText', 'hunk', 'edits', 'replace_all'],
  ...['file_path', 'filePath', 'path', 'absolute_path', 'target_file', 'file', 'filename', 'notebook_path'],
  ...['content', 'contents', 'file_text', 'old_string', 'new_string', 'oldString', 'newString', 'old_str', 'new_str', 'old_text', 'new_text', 'oldText', 'newText', 'search', 'replace'],
]);

/** A call under its tool's name, as describeTool reads it: the brief, the edit as a diff, the command, or the arguments; then its result. */
function toolCallToMarkdown(p: ToolCallPart, result: ToolCallResponsePart | undefined, options: MarkdownOptions): string {
  const name = oneLine(p.name);
  const { view, description } = describeTool(p.name, p.arguments);
  const head = `**${name}**${description ? ` · ${oneLine(description)}` : ''}`;
  const out: string[] = [];
  if (view.kind === 'subagent') {
    // A subagent's brief and its report are prose: quoted, so their headings stay inside the call.
    out.push(head, quote(view.brief.prompt));
    // A subagent's report is quoted whole, so a far one (over ~1 MiB: rare) is read whole here.
    const report = result && wholeText(result.response);
    if (result && report?.trim()) out.push(`**Result (${name})**${result.isError ? ' · error' : ''}`, quote(parseToolOutput(report).output));
    else if (result) out.push(resultToMarkdown(result, name, options));
    return out.join('\n\n');
  }
  if (view.kind === 'diff' || view.kind === 'shell') {
    out.push(head);
    if (view.kind === 'diff') for (const f of view.files) out.push(`\`${f.path}\`${f.movedTo ? ` → \`${f.movedTo}\`` : ''} (${f.action})\n\n${fence(diffText(f), 'diff')}`);
    else out.push(fence(view.command, 'bash'));
    // Whatever the diff or the command does not show is still written, so the export loses nothing.
    const args = parseJson(p.arguments);
    const obj = args && typeof args === 'object' && !Array.isArray(args) ? (args as Args) : undefined;
    const rest = obj && Object.fromEntries(Object.entries(obj).filter(([k]) => !SHOWN_ARGUMENTS.has(k)));
    if (rest && Object.keys(rest).length) out.push(fence(prettyJson(JSON.stringify(rest)), 'json'));
  } else {
    out.push(head, fence(prettyJson(p.arguments), looksJson(p.arguments) ? 'json' : ''));
  }
  if (result) out.push(resultToMarkdown(result, name, options));
  return out.join('\n\n');
}

function resultToMarkdown(p: ToolCallResponsePart, toolName: string | undefined, options: MarkdownOptions): string {
  // A far output (a huge stored one) is cut from its first characters, never read whole (far-output.ts).
  const { parsed, text } = cutToolOutput(p.response, options.maxToolOutput ?? 20_000);
  const facts = [p.isError ? 'error' : '', parsed.exitCode !== undefined ? `exit ${parsed.exitCode}` : ''].filter(Boolean).join(', ');
  const label = `**Result${toolName ? ` (${toolName})` : ''}**${facts ? ` · ${facts}` : ''}`;
  return text.trim() ? `${label}\n\n${fence(text, '')}` : `${label} · *(no output)*`;
}

/**
 * Headings the transcript's own text holds, moved below the turn headings (`##` prompt, `###`
 * answer), so the outline stays one entry per turn with the answer's sections under it.
 */
function demoteHeadings(text: string): string {
  let fenceMark: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (f) {
        if (!fenceMark) fenceMark = f[1];
        else if (f[1][0] === fenceMark[0] && f[1].length >= fenceMark.length) fenceMark = undefined;
        return line;
      }
      if (fenceMark) return line;
      const h = /^(#{1,6})(\s)/.exec(line);
      return h ? `${'#'.repeat(Math.min(6, h[1].length + 3))}${line.slice(h[1].length)}` : line;
    })
    .join('\n');
}

function quote(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
}

function partToMarkdown(p: Part, options: MarkdownOptions): string {
  switch (p.type) {
    case 'text':
      return demoteHeadings(p.content.trim());
    case 'reasoning':
      // Redacted thinking has nothing to show: no stub.
      if (!p.content.trim()) return '';
      return `<details><summary>Thinking</summary>\n\n${p.content.trim()}\n\n</details>`;
    case 'tool_call':
      // A page of messages (MCP) shows a call as the export does; its result is its own message there.
      return toolCallToMarkdown(p, undefined, options);
    case 'tool_call_response':
      return resultToMarkdown(p, undefined, options);
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
  const title = displayTitle(c)
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
export function conversationPageToMarkdown(c: FarConversation, from: number, limit: number, options: MarkdownPageOptions = {}): MarkdownPage {
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
  // The facts block of the whole-conversation view (read from the whole record: a fork's link is one of its messages).
  const head = start === 0 ? headerLines(c, (iso) => (iso ? localDateTime(iso, systemTimeZone()) : undefined)).join('\n').trimEnd() : `# ${oneLine(displayTitle(c))} (${c.id})`;
  const count = total.toLocaleString('en-US');
  const range =
    total === 0
      ? 'This conversation has no messages.'
      : next === start
        ? `from=${from} is past the last message: there are ${count} (numbered 0–${total - 1}).`
        : `Messages ${start}–${next - 1} of ${count} (numbered from 0). ${next < total ? `More follow: call again with from=${next}.` : 'This is the last page.'}`;
  return { markdown: `${`${head}\n\n> ${range}\n\n${body.join('\n')}`.trimEnd()}\n`, from: start, next, total };
}
