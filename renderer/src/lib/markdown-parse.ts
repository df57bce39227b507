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

export type { Inline } from './markdown-inline';
export { parseInline } from './markdown-inline';

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

/** One block read from line `i` on; `next` is the line after it. */
interface BlockRead {
  readonly block: Block;
  readonly next: number;
}

export function parseBlocks(src: string, depth = 0): Block[] {
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!lines[i].trim()) {
      i++;
      continue;
    }
    const read = readFence(lines, i) ?? readHeading(lines, i) ?? readHr(lines, i) ?? readQuote(lines, i, depth) ?? readList(lines, i, depth) ?? readTable(lines, i) ?? readParagraph(lines, i);
    blocks.push(read.block);
    i = read.next;
  }
  return blocks;
}

/** A fenced code block, to its closing fence (or the end). */
function readFence(lines: string[], i: number): BlockRead | undefined {
  const fence = FENCE.exec(lines[i]);
  if (!fence) return undefined;
  const marker = fence[1];
  const indent = indentOf(lines[i]);
  const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
  const body: string[] = [];
  let j = i + 1;
  while (j < lines.length && !closing.test(lines[j])) {
    body.push(dedent(lines[j], indent));
    j++;
  }
  return { block: { type: 'code', lang: fence[2] ?? '', text: body.join('\n') }, next: j + 1 };
}

function readHeading(lines: string[], i: number): BlockRead | undefined {
  const heading = HEADING.exec(lines[i]);
  return heading ? { block: { type: 'h', level: heading[1].length, text: heading[2] }, next: i + 1 } : undefined;
}

function readHr(lines: string[], i: number): BlockRead | undefined {
  return HR.test(lines[i]) ? { block: { type: 'hr' }, next: i + 1 } : undefined;
}

/** `>` lines and the lines that lazily continue them, parsed again as blocks (nested at most 8 deep). */
function readQuote(lines: string[], i: number, depth: number): BlockRead | undefined {
  if (!QUOTE.test(lines[i])) return undefined;
  const body: string[] = [];
  let j = i;
  while (j < lines.length && lines[j].trim() && (QUOTE.test(lines[j]) || body.length)) {
    const q = QUOTE.exec(lines[j]);
    body.push(q ? q[1] : lines[j]);
    j++;
  }
  return { block: { type: 'quote', children: depth > 8 ? [{ type: 'p', text: body.join('\n') }] : parseBlocks(body.join('\n'), depth + 1) }, next: j };
}

/** Items of one list (same indent, same kind), each parsed again as blocks. */
function readList(lines: string[], i: number, depth: number): BlockRead | undefined {
  const item = LIST_ITEM.exec(lines[i]);
  if (!item || depth > 8) return undefined;
  const baseIndent = indentOf(item[1]);
  const ordered = /\d/.test(item[2]);
  const start = ordered ? Number.parseInt(item[2], 10) : 1;
  const items: string[][] = [];
  let j = i;
  while (j < lines.length) {
    const l = lines[j];
    const m = LIST_ITEM.exec(l);
    if (m && indentOf(m[1]) === baseIndent && /\d/.test(m[2]) === ordered) items.push([m[4]]);
    else if (!continuesItem(lines, j, baseIndent, items[items.length - 1])) break;
    j++;
  }
  return { block: { type: 'list', ordered, start, items: items.map((it) => parseBlocks(it.join('\n'), depth + 1)) }, next: j };
}

/** Whether line `j` belongs to the open list item (and adds it there). */
function continuesItem(lines: string[], j: number, baseIndent: number, last: string[]): boolean {
  const l = lines[j];
  if (!l.trim()) {
    // A blank line continues the list only if more of it follows, indented or as an item.
    let k = j + 1;
    while (k < lines.length && !lines[k].trim()) k++;
    if (k < lines.length && (indentOf(lines[k]) > baseIndent || (LIST_ITEM.test(lines[k]) && indentOf(LIST_ITEM.exec(lines[k])![1]) === baseIndent))) {
      last.push('');
      return true;
    }
    return false;
  }
  if (indentOf(l) > baseIndent) {
    last.push(dedent(l, baseIndent + 2));
    return true;
  }
  // Lazy continuation of the item's paragraph.
  if (last[last.length - 1]?.trim() && !startsBlock(l)) {
    last.push(l);
    return true;
  }
  return false;
}

/** A header row, a separator row (`|---|:--:|`), then rows while they hold a `|`. */
function readTable(lines: string[], i: number): BlockRead | undefined {
  const line = lines[i];
  if (!(line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]) && lines[i + 1].includes('-'))) return undefined;
  const header = splitRow(line);
  const align = splitRow(lines[i + 1]).map((c) => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : undefined));
  let j = i + 2;
  const rows: string[][] = [];
  while (j < lines.length && lines[j].trim() && lines[j].includes('|')) {
    rows.push(splitRow(lines[j]));
    j++;
  }
  return { block: { type: 'table', header, align, rows }, next: j };
}

/** Lines up to a blank line, another block, or a table. */
function readParagraph(lines: string[], i: number): BlockRead {
  const para: string[] = [lines[i]];
  let j = i + 1;
  while (j < lines.length && lines[j].trim() && !startsBlock(lines[j])) {
    if (lines[j].includes('|') && j + 1 < lines.length && TABLE_SEP.test(lines[j + 1])) break;
    para.push(lines[j]);
    j++;
  }
  return { block: { type: 'p', text: para.join('\n') }, next: j };
}
