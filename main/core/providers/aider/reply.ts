/**
 * Turns one run of reply lines into parts: reasoning blocks (`<thinking-content-…>` as aider
 * writes them), SEARCH/REPLACE edit blocks as `edit` tool calls ({path, search, replace}),
 * and the prose around them as text. An edit block that never reaches its REPLACE marker
 * stays text, with a warning.
 */
import type { Part, ParseWarning } from '../../../../shared/record';

export interface ReplyLine {
  readonly text: string;
  readonly lineNo: number;
}

export interface EditCall {
  readonly id: string;
  readonly path: string;
}

const SEARCH = /^\s*<{5,9} SEARCH\b/;
const DIVIDER = /^\s*={5,9}\s*$/;
const REPLACE = /^\s*>{5,9} REPLACE\b/;
const FENCE_OPEN = /^\s*(```|~~~)\S*\s*$/;
const FENCE_CLOSE = /^\s*(```|~~~)\s*$/;
const THINK_OPEN = /^\s*<(thinking-content-[0-9a-f]+|think|thinking|reasoning)>\s*$/;
const THINK_CLOSE = /^\s*<\/(thinking-content-[0-9a-f]+|think|thinking|reasoning)>\s*$/;

export function replyParts(lines: readonly ReplyLine[], warnings: ParseWarning[], edits: EditCall[]): Part[] {
  const parts: Part[] = [];
  let prose: string[] = [];
  const flush = (): void => {
    const text = trimBlankLines(prose).join('\n');
    if (text.trim()) parts.push({ type: 'text', content: text });
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].text;
    if (THINK_OPEN.test(line)) {
      const end = findIndex(lines, i + 1, (l) => THINK_CLOSE.test(l));
      if (end !== -1) {
        flush();
        const content = trimBlankLines(lines.slice(i + 1, end).map((l) => l.text)).join('\n');
        parts.push({ type: 'reasoning', content });
        i = end;
        continue;
      }
    }
    if (SEARCH.test(line)) {
      const divider = findIndex(lines, i + 1, (l) => DIVIDER.test(l));
      const replace = divider === -1 ? -1 : findIndex(lines, divider + 1, (l) => REPLACE.test(l));
      if (replace === -1) {
        warnings.push({ line: lines[i].lineNo, message: 'SEARCH/REPLACE block without its REPLACE marker kept as text' });
        prose.push(line);
        continue;
      }
      const fenced = takeFenceAndPath(prose);
      flush();
      const search = lines.slice(i + 1, divider).map((l) => l.text).join('\n');
      const replaceText = lines.slice(divider + 1, replace).map((l) => l.text).join('\n');
      const id = `L${lines[i].lineNo}`;
      const path = fenced.path ?? '';
      parts.push({ type: 'tool_call', id, name: 'edit', arguments: JSON.stringify({ path, search, replace: replaceText }) });
      edits.push({ id, path });
      i = replace;
      if (fenced.opened && i + 1 < lines.length && FENCE_CLOSE.test(lines[i + 1].text)) i += 1;
      continue;
    }
    prose.push(line);
  }
  flush();
  return parts;
}

/**
 * Aider precedes each block with the file path, then the fence opener (or the path inside
 * the fence): take both off the prose so the text reads without the raw block.
 */
function takeFenceAndPath(prose: string[]): { path?: string; opened: boolean } {
  let opened = false;
  let k = lastNonBlank(prose);
  if (k !== -1 && FENCE_OPEN.test(prose[k])) {
    opened = true;
    prose.splice(k);
    k = lastNonBlank(prose);
  }
  if (k === -1) return { opened };
  const candidate = cleanPath(prose[k]);
  if (!candidate) return { opened };
  prose.splice(k);
  if (!opened) {
    const j = lastNonBlank(prose);
    if (j !== -1 && FENCE_OPEN.test(prose[j])) {
      opened = true;
      prose.splice(j);
    }
  }
  return { path: candidate, opened };
}

/** A path line: one token-ish line, maybe wrapped in backticks or bold, maybe ending with ':'. */
function cleanPath(line: string): string | undefined {
  const s = line.trim().replace(/^[*`#\s]+|[*`:\s]+$/g, '');
  if (!s || s.length > 260 || /\s{2,}/.test(s) || s.split(' ').length > 3) return undefined;
  return s;
}

function lastNonBlank(lines: string[]): number {
  for (let k = lines.length - 1; k >= 0; k--) if (lines[k].trim()) return k;
  return -1;
}

function findIndex(lines: readonly ReplyLine[], from: number, pred: (text: string) => boolean): number {
  for (let k = from; k < lines.length; k++) if (pred(lines[k].text)) return k;
  return -1;
}

function trimBlankLines(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && !lines[a].trim()) a += 1;
  while (b > a && !lines[b - 1].trim()) b -= 1;
  return lines.slice(a, b);
}
