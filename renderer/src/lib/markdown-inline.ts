/**
 * Inline Markdown for transcript text: code spans, links, autolinks, emphasis, strikethrough,
 * hard breaks. Raw HTML is never interpreted: it stays text.
 */

export type Inline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong' | 'em' | 'del'; readonly children: Inline[] }
  | { readonly type: 'link'; readonly href: string; readonly children: Inline[] }
  /** A link whose target is not http(s): kept as the source text, never active. */
  | { readonly type: 'blocked-link'; readonly source: string }
  | { readonly type: 'br' };

const URL_TAIL = /[.,;:!?)\]'"]+$/;

/** One inline piece read at a position: a node, or text that stays text; `next` is where reading goes on. */
type InlineRead = { readonly node: Inline; readonly next: number } | { readonly text: string; readonly next: number };

/** Inline Markdown: code spans, links, autolinks, emphasis, strikethrough, hard breaks. */
export function parseInline(src: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = '';
  let i = 0;
  while (i < src.length) {
    const read = readEscape(src, i) ?? readBreak(src, i) ?? readCode(src, i) ?? readLink(src, i, depth) ?? readAutolink(src, i) ?? readBareUrl(src, i) ?? readEmphasis(src, i, depth);
    if (!read) {
      text += src[i];
      i++;
      continue;
    }
    if ('node' in read) {
      if (text) out.push({ type: 'text', text });
      text = '';
      out.push(read.node);
    } else text += read.text;
    i = read.next;
  }
  if (text) out.push({ type: 'text', text });
  return out;
}

/** A backslash before punctuation: the punctuation, as text. */
function readEscape(src: string, i: number): InlineRead | undefined {
  if (src[i] !== '\\' || i + 1 >= src.length || !/[\\`*_{}[\]()#+\-.!|~<>]/.test(src[i + 1])) return undefined;
  return { text: src[i + 1], next: i + 2 };
}

function readBreak(src: string, i: number): InlineRead | undefined {
  return src[i] === '\n' ? { node: { type: 'br' }, next: i + 1 } : undefined;
}

/** A code span closed by the same run of backticks; an unclosed run stays text. */
function readCode(src: string, i: number): InlineRead | undefined {
  if (src[i] !== '`') return undefined;
  const ticks = /^`+/.exec(src.slice(i))![0];
  const end = src.indexOf(ticks, i + ticks.length);
  if (end <= 0) return { text: ticks, next: i + ticks.length };
  let code = src.slice(i + ticks.length, end);
  if (code.startsWith(' ') && code.endsWith(' ') && code.trim()) code = code.slice(1, -1);
  return { node: { type: 'code', text: code }, next: end + ticks.length };
}

/** `[text](target)`: an http(s) target links, any other stays its source text. */
function readLink(src: string, i: number, depth: number): InlineRead | undefined {
  if (depth >= 6 || src[i] !== '[') return undefined;
  const link = /^\[((?:[^[\]\\]|\\.|\[[^[\]]*\])*)\]\(\s*<?([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+"[^"]*")?\s*\)/.exec(src.slice(i));
  if (!link) return undefined;
  const href = link[2];
  const node: Inline = /^https?:\/\//i.test(href) ? { type: 'link', href, children: parseInline(link[1], depth + 1) } : { type: 'blocked-link', source: link[0] };
  return { node, next: i + link[0].length };
}

/** `<https://…>` */
function readAutolink(src: string, i: number): InlineRead | undefined {
  if (src[i] !== '<') return undefined;
  const auto = /^<(https?:\/\/[^\s<>]+)>/i.exec(src.slice(i));
  if (!auto) return undefined;
  return { node: { type: 'link', href: auto[1], children: [{ type: 'text', text: auto[1] }] }, next: i + auto[0].length };
}

/** A bare http(s) URL after a space or an opening mark, without the punctuation that ends its sentence. */
function readBareUrl(src: string, i: number): InlineRead | undefined {
  const ch = src[i];
  const rest = src.slice(i);
  if (!((ch === 'h' || ch === 'H') && /^https?:\/\//i.test(rest) && (i === 0 || /[\s(["'>]/.test(src[i - 1])))) return undefined;
  let url = /^https?:\/\/[^\s<>"'`]+/i.exec(rest)![0];
  const tail = URL_TAIL.exec(url);
  if (tail && !(tail[0].startsWith(')') && url.includes('('))) url = url.slice(0, url.length - tail[0].length);
  if (url.length <= 8) return undefined;
  return { node: { type: 'link', href: url, children: [{ type: 'text', text: url }] }, next: i + url.length };
}

/** `*em*`, `_em_`, `**strong**`, `__strong__`, `~~del~~`, when a closer follows. */
function readEmphasis(src: string, i: number, depth: number): InlineRead | undefined {
  const ch = src[i];
  if (depth >= 6 || (ch !== '*' && ch !== '_' && ch !== '~')) return undefined;
  const run = /^(\*\*|__|\*|_|~~)/.exec(src.slice(i))?.[1];
  if (!run) return undefined;
  const prev = i > 0 ? src[i - 1] : ' ';
  const next = src[i + run.length] ?? ' ';
  const intraword = ch === '_' && /\w/.test(prev);
  if (intraword || next === ' ' || next === '\n') return undefined;
  const close = findClose(src, i + run.length, run);
  if (close <= i + run.length) return undefined;
  const inner = parseInline(src.slice(i + run.length, close), depth + 1);
  return { node: { type: run === '~~' ? 'del' : run.length === 2 ? 'strong' : 'em', children: inner }, next: close + run.length };
}

function findClose(src: string, from: number, run: string): number {
  let j = from;
  while (j < src.length) {
    const k = src.indexOf(run, j);
    if (k < 0) return -1;
    if (src[k - 1] === '\\') {
      j = k + 1;
      continue;
    }
    const before = src[k - 1];
    const after = src[k + run.length] ?? ' ';
    // A single * or _ must not be part of a longer run; the closer must follow non-space.
    if (run.length === 1 && (src[k + 1] === run || before === run)) {
      j = k + 2;
      continue;
    }
    if (before === ' ' || before === '\n') {
      j = k + 1;
      continue;
    }
    if (run[0] === '_' && /\w/.test(after)) {
      j = k + 1;
      continue;
    }
    // Do not cross a code span.
    if (src.slice(from, k).split('`').length % 2 === 0) {
      j = k + 1;
      continue;
    }
    return k;
  }
  return -1;
}
