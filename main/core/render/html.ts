/**
 * The HTML view of a conversation: one self-contained page to share (`dejavu export --format
 * html`, File → Export as HTML). Inline CSS, code highlighted here, edits as diffs, tool calls and
 * thinking folded in <details>, light and dark by the reader's colour scheme; no script, no
 * network (a CSP meta tag forbids both). Every piece of the transcript is escaped: it is
 * untrusted text, and the page never makes a link or an attribute from it (images are data: URLs
 * of a checked raster type and base64 alphabet).
 */
import { AGENT_LABELS } from '../../../shared/agents';
import type { FarConversation, FarMessage } from '../../../shared/far-record';
import { wholeText } from '../../../shared/far-strings';
import type { Message, Part } from '../../../shared/record';
import { langFor } from '../../../shared/code-lang';
import { describeTool } from '../../../shared/describe-tool';
import type { FileDiff } from '../../../shared/diff';
import { codeBlock } from './html-highlight';
import { escapeHtml } from './html-escape';
import { textFacts } from './far-output';
import { HTML_EXPORT_CSS } from './html-style';
import { parentFact } from './parent-fact';

/** The page's Content-Security-Policy: inline styles and data: images, nothing else. */
export const HTML_EXPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export interface HtmlOptions {
  /** Cut tool output longer than this many characters (default 20,000; 0 = never). */
  readonly maxToolOutput?: number;
}

const ROLE_LABEL: Record<Message['role'], string> = { user: 'User', assistant: 'Assistant', tool: 'Tool', system: 'System' };
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function conversationToHtml(c: FarConversation, options: HtmlOptions = {}): string {
  const title = oneLine(c.title ?? c.nativeId);
  const facts: [string, string | undefined][] = [
    ['Agent', `${AGENT_LABELS[c.agent] ?? c.agent}${c.agentVersion ? ` ${c.agentVersion}` : ''}`],
    ['Workspace', c.workspace],
    ['Instance', c.instance],
    ['Directory', c.cwd],
    ['Branch', c.gitBranch],
    ['Started', c.startedAt],
    ['Ended', c.endedAt],
    ['Models', c.models.join(', ') || undefined],
    ['Conversation', c.id],
    ...parentFact(c),
  ];
  const body = c.messages.map((m) => messageHtml(m, options)).filter(Boolean).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_EXPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="Déjà Vu">
<title>${escapeHtml(title)}</title>
<style>${HTML_EXPORT_CSS}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<dl class="facts">${facts
    .filter((f): f is [string, string] => Boolean(f[1]))
    .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(oneLine(v))}</dd>`)
    .join('')}</dl>
${body}
<footer>Exported from Déjà Vu${c.endedAt ? ` · conversation ended ${escapeHtml(c.endedAt.slice(0, 10))}` : ''}</footer>
</main>
</body>
</html>
`;
}

function messageHtml(m: FarMessage, options: HtmlOptions): string {
  const parts = m.parts.map((p) => partHtml(p, options)).filter(Boolean);
  if (parts.length === 0) return '';
  const label = `${ROLE_LABEL[m.role]}${m.kind ? ` · ${m.kind}` : ''}${m.supersededAt ? ' · earlier revision' : ''}`;
  const header = `<header><span class="role">${escapeHtml(label)}</span>${m.timestamp ? `<time>${escapeHtml(m.timestamp.replace('T', ' ').slice(0, 19))}</time>` : ''}${m.model ? `<span>${escapeHtml(m.model)}</span>` : ''}</header>`;
  const inner = m.role === 'system' ? `<details class="system"><summary><strong>System</strong> ${escapeHtml(m.kind ?? 'context')}</summary><div class="inner">${parts.join('\n')}</div></details>` : parts.join('\n');
  return `<section class="msg ${m.role}${m.supersededAt ? ' superseded' : ''}">${header}<div class="body">${inner}</div></section>`;
}

function partHtml(p: Part, options: HtmlOptions): string {
  switch (p.type) {
    case 'text':
      return p.content.trim() ? richText(p.content.trim()) : '';
    case 'reasoning':
      if (!p.content.trim()) return p.redacted ? '<details class="thinking"><summary><strong>Thinking</strong> (not stored in readable form)</summary></details>' : '';
      return `<details class="thinking"><summary><strong>Thinking</strong></summary><div class="inner">${richText(p.content.trim())}</div></details>`;
    case 'tool_call':
      return toolCallHtml(p.name, p.arguments);
    case 'tool_call_response': {
      const limit = options.maxToolOutput ?? 20_000;
      // A far output (a huge stored one) is read a slice at a time for these, never whole (far-output.ts).
      const { head, length, lines } = textFacts(limit > 0 ? p.response : wholeText(p.response), limit > 0 ? limit : Infinity);
      const cut = limit > 0 && length > limit;
      const size = `${lines} line${lines === 1 ? '' : 's'}`;
      return `<details class="result${p.isError ? ' error' : ''}"><summary><strong>${p.isError ? 'Tool error' : 'Tool result'}</strong> · ${size}</summary><div class="inner">${plainBlock(head)}${cut ? `<p class="notice">… ${(length - limit).toLocaleString('en-US')} more characters not shown</p>` : ''}</div></details>`;
    }
    case 'blob':
      if (p.modality === 'image' && IMAGE_TYPES.has(p.mimeType) && /^[A-Za-z0-9+/]*={0,2}$/.test(p.content)) {
        return `<img class="blob" alt="image" src="data:${p.mimeType};base64,${p.content}">`;
      }
      return `<p class="notice">[${escapeHtml(p.modality)}: ${escapeHtml(p.mimeType)}, ${Math.round((p.content.length * 3) / 4 / 1024)} KiB]</p>`;
    case 'generic':
      return p.content.trim() ? `<details class="generic"><summary><strong>${escapeHtml(oneLine(p.kind))}</strong></summary><div class="inner">${plainBlock(p.content)}</div></details>` : '';
  }
}

function toolCallHtml(name: string, args: string): string {
  const info = describeTool(name, args);
  const summary = `<summary><strong>${escapeHtml(oneLine(name))}</strong>${info.summary ? ` <code>${escapeHtml(clip(oneLine(info.summary), 140))}</code>` : ''}</summary>`;
  const v = info.view;
  let inner: string;
  switch (v.kind) {
    case 'shell':
      inner = codeBlock(v.command, 'bash');
      break;
    case 'diff':
      inner = v.files.map(diffHtml).join('');
      break;
    case 'subagent':
      inner = richText(v.brief.prompt);
      break;
    case 'todos':
      inner = `<ul class="todos">${v.items.map((t) => `<li>${escapeHtml(t.status ? `[${t.status}] ` : '')}${escapeHtml(t.text)}</li>`).join('')}</ul>`;
      break;
    case 'json':
      inner = codeBlock(v.text, 'json');
      break;
    case 'raw':
      inner = plainBlock(v.text);
      break;
  }
  const description = info.description ? `<p class="notice">${escapeHtml(info.description)}</p>` : '';
  // Edits are the point of a coding session: shown open; everything else folded.
  return `<details class="tool"${v.kind === 'diff' ? ' open' : ''}>${summary}<div class="inner">${description}${inner}</div></details>`;
}

function diffHtml(f: FileDiff): string {
  const lines = f.lines
    .map((l) => {
      const sign = l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : l.kind === 'hunk' ? '' : ' ';
      return `<div class="l ${l.kind}">${escapeHtml(sign + l.text)}</div>`;
    })
    .join('');
  return `<div class="diff">${f.path ? `<div class="path">${escapeHtml(f.action)} ${escapeHtml(f.path)}${f.movedTo ? ` → ${escapeHtml(f.movedTo)}` : ''}</div>` : ''}${lines}</div>`;
}

/** Agent text: fenced code blocks highlighted, the rest as escaped text with `inline code` and masks marked. */
function richText(text: string): string {
  const out: string[] = [];
  const fence = /^(`{3,}|~{3,})[ \t]*([^\n`]*)\n([\s\S]*?)\n[ \t]*\1[ \t]*$/gm;
  let at = 0;
  for (const m of text.matchAll(fence)) {
    if (m.index > at) out.push(prose(text.slice(at, m.index)));
    out.push(codeBlock(m[3], langFor(m[2].split(/\s/)[0])));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(prose(text.slice(at)));
  return out.join('');
}

function prose(text: string): string {
  const t = text.replace(/^\n+|\n+$/g, '');
  if (!t) return '';
  const html = escapeHtml(t)
    .replace(/`([^`\n]+)`/g, '<code>$1</code>')
    .replace(/\[redacted: ([a-z0-9-]+)\]/g, '<span class="redacted">[redacted: $1]</span>');
  return `<div class="text">${html}</div>`;
}

function plainBlock(text: string): string {
  const html = escapeHtml(text.replace(/\n$/, '')).replace(/\[redacted: ([a-z0-9-]+)\]/g, '<span class="redacted">[redacted: $1]</span>');
  return `<pre class="code plain"><code>${html}</code></pre>`;
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
