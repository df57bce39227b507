/**
 * A small Markdown parser for transcript text: blocks and inlines as plain data, which the
 * Markdown component turns into React elements. Raw HTML is never interpreted: it stays text.
 */

export type Block =
  | { readonly type: 'p'; readonly text: string }
  | { readonly type: 'h'; readonly level: number; readonly text: string }
  | { readonly type: 'code'; readonly lang: string; readonly text: string }
  | { readonly type: 'quote'; readonly children: Block[] }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: Block[][] }
  | { readonly type: 'hr' }
  | { readonly type: 'table'; readonly header: string[]; readonly align: ('left' | 'center' | 'right' | undefined)[]; readonly rows: string[][] };

export type Inline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'strong' | 'em' | 'del'; readonly children: Inline[] }
  | { readonly type: 'link'; readonly href: string; readonly children: Inline[] }
  /** A link whose target is not http(s): kept as the source text, never active. */
  | { readonly type: 'blocked-link'; readonly source: string }
  | { readonly type: 'br' };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const HR = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const LIST_ITEM = /^(\s*)([-*+]|\d{1,9}[.)])(\s+|$)(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

function indentOf(line: string): number {
  const m = /^[ \t]*/.exec(line)![0];
  let n = 0;
  for (const ch of m) n += ch === '\t' ? 4 - (n % 4) : 1;
  return n;
}

function dedent(line: string, by: number): string {
  let i = 0;
  let n = 0;
  while (i < line.length && n < by && (line[i] === ' ' || line[i] === '\t')) {
    n += line[i] === '\t' ? 4 - (n % 4) : 1;
    i++;
  }
  return line.slice(i);
}

function splitRow(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cur = '';
  let inCode = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (ch === '`') {
      inCode = !inCode;
      cur += ch;
    } else if (ch === '|' && !inCode) {
      cells.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  cells.push(cur.trim());
  return cells;
}

function startsBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || HR.test(line) || QUOTE.test(line) || LIST_ITEM.test(line);
}

export function parseBlocks(src: string, depth = 0): Block[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1];
      const indent = indentOf(line);
      const body: string[] = [];
      i++;
      while (i < lines.length && !new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[i])) {
        body.push(dedent(lines[i], indent));
        i++;
      }
      i++; // closing fence (or end)
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'h', level: heading[1].length, text: heading[2] });
      i++;
      continue;
    }
    if (HR.test(line)) {
      blocks.push({ type: 'hr' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i].trim() && (QUOTE.test(lines[i]) || body.length)) {
        const q = QUOTE.exec(lines[i]);
        body.push(q ? q[1] : lines[i]);
        i++;
      }
      blocks.push({ type: 'quote', children: depth > 8 ? [{ type: 'p', text: body.join('\n') }] : parseBlocks(body.join('\n'), depth + 1) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item && depth <= 8) {
      const baseIndent = indentOf(item[1]);
      const ordered = /\d/.test(item[2]);
      const start = ordered ? Number.parseInt(item[2], 10) : 1;
      const items: string[][] = [];
      while (i < lines.length) {
        const l = lines[i];
        const m = LIST_ITEM.exec(l);
        if (m && indentOf(m[1]) === baseIndent && /\d/.test(m[2]) === ordered) {
          items.push([m[4]]);
          i++;
          continue;
        }
        if (!l.trim()) {
          // A blank line continues the list only if more of it follows, indented or as an item.
          let j = i + 1;
          while (j < lines.length && !lines[j].trim()) j++;
          if (j < lines.length && (indentOf(lines[j]) > baseIndent || (LIST_ITEM.test(lines[j]) && indentOf(LIST_ITEM.exec(lines[j])![1]) === baseIndent))) {
            items[items.length - 1].push('');
            i++;
            continue;
          }
          break;
        }
        if (indentOf(l) > baseIndent) {
          items[items.length - 1].push(dedent(l, baseIndent + 2));
          i++;
          continue;
        }
        // Lazy continuation of the item's paragraph.
        const last = items[items.length - 1];
        if (last[last.length - 1]?.trim() && !startsBlock(l)) {
          last.push(l);
          i++;
          continue;
        }
        break;
      }
      blocks.push({ type: 'list', ordered, start, items: items.map((it) => parseBlocks(it.join('\n'), depth + 1)) });
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      const header = splitRow(line);
      const align = splitRow(lines[i + 1]).map((c) => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : undefined));
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && lines[i].trim() && lines[i].includes('|')) {
        rows.push(splitRow(lines[i]));
        i++;
      }
      blocks.push({ type: 'table', header, align, rows });
      continue;
    }
    const para: string[] = [line];
    i++;
    while (i < lines.length && lines[i].trim() && !startsBlock(lines[i])) {
      if (lines[i].includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1])) break;
      para.push(lines[i]);
      i++;
    }
    blocks.push({ type: 'p', text: para.join('\n') });
  }
  return blocks;
}

const URL_TAIL = /[.,;:!?)\]'"]+$/;

/** Inline Markdown: code spans, links, autolinks, emphasis, strikethrough, hard breaks. */
export function parseInline(src: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    const rest = src.slice(i);
    if (ch === '\\' && i + 1 < src.length && /[\\`*_{}[\]()#+\-.!|~<>]/.test(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (ch === '\n') {
      flush();
      out.push({ type: 'br' });
      i++;
      continue;
    }
    if (ch === '`') {
      const ticks = /^`+/.exec(rest)![0];
      const end = src.indexOf(ticks, i + ticks.length);
      if (end > 0) {
        flush();
        let code = src.slice(i + ticks.length, end);
        if (code.startsWith(' ') && code.endsWith(' ') && code.trim()) code = code.slice(1, -1);
        out.push({ type: 'code', text: code });
        i = end + ticks.length;
        continue;
      }
      text += ticks;
      i += ticks.length;
      continue;
    }
    if (depth < 6 && ch === '[') {
      const link = /^\[((?:[^[\]\\]|\\.|\[[^[\]]*\])*)\]\(\s*<?([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+"[^"]*")?\s*\)/.exec(rest);
      if (link) {
        flush();
        const href = link[2];
        if (/^https?:\/\//i.test(href)) out.push({ type: 'link', href, children: parseInline(link[1], depth + 1) });
        else out.push({ type: 'blocked-link', source: link[0] });
        i += link[0].length;
        continue;
      }
    }
    if (ch === '<') {
      const auto = /^<(https?:\/\/[^\s<>]+)>/i.exec(rest);
      if (auto) {
        flush();
        out.push({ type: 'link', href: auto[1], children: [{ type: 'text', text: auto[1] }] });
        i += auto[0].length;
        continue;
      }
    }
    if ((ch === 'h' || ch === 'H') && /^https?:\/\//i.test(rest) && (i === 0 || /[\s(["'>]/.test(src[i - 1]))) {
      let url = /^https?:\/\/[^\s<>"'`]+/i.exec(rest)![0];
      const tail = URL_TAIL.exec(url);
      if (tail && !(tail[0].startsWith(')') && url.includes('('))) url = url.slice(0, url.length - tail[0].length);
      if (url.length > 8) {
        flush();
        out.push({ type: 'link', href: url, children: [{ type: 'text', text: url }] });
        i += url.length;
        continue;
      }
    }
    if (depth < 6 && (ch === '*' || ch === '_' || ch === '~')) {
      const run = /^(\*\*|__|\*|_|~~)/.exec(rest)?.[1];
      if (run && !(run === '~' )) {
        const prev = i > 0 ? src[i - 1] : ' ';
        const next = src[i + run.length] ?? ' ';
        const intraword = ch === '_' && /\w/.test(prev);
        if (!intraword && next !== ' ' && next !== '\n') {
          const close = findClose(src, i + run.length, run);
          if (close > i + run.length) {
            flush();
            const inner = parseInline(src.slice(i + run.length, close), depth + 1);
            out.push({ type: run === '~~' ? 'del' : run.length === 2 ? 'strong' : 'em', children: inner });
            i = close + run.length;
            continue;
          }
        }
      }
    }
    text += ch;
    i++;
  }
  flush();
  return out;
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
