/** Line diffs for edit tools: old/new strings, whole-file writes, and Codex apply_patch text. */

export interface DiffLine {
  readonly kind: 'add' | 'del' | 'ctx' | 'hunk';
  readonly text: string;
  readonly oldNo?: number;
  readonly newNo?: number;
}

export interface FileDiff {
  readonly path: string;
  readonly action: 'update' | 'add' | 'delete' | 'write' | 'edit';
  readonly movedTo?: string;
  readonly lines: DiffLine[];
}

function splitLines(s: string): string[] {
  if (!s) return [];
  const lines = s.replace(/\r\n/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

const MAX_CELLS = 4_000_000;

/** Lines removed and added between two texts (LCS; falls back to replace-all when huge). */
export function lineDiff(oldText: string, newText: string, startLine = 1, numbered = true): DiffLine[] {
  const lines = diffLines(oldText, newText, startLine);
  return numbered ? lines : lines.map(({ kind, text }) => ({ kind, text }));
}

function diffLines(oldText: string, newText: string, startLine: number): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  // Trim the common head and tail so the table stays small.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const am = a.slice(head, a.length - tail);
  const bm = b.slice(head, b.length - tail);
  const out: DiffLine[] = [];
  let o = startLine;
  let n = startLine;
  for (let i = 0; i < head; i++) out.push({ kind: 'ctx', text: a[i], oldNo: o++, newNo: n++ });
  if (am.length * bm.length > MAX_CELLS) {
    for (const t of am) out.push({ kind: 'del', text: t, oldNo: o++ });
    for (const t of bm) out.push({ kind: 'add', text: t, newNo: n++ });
  } else {
    const w = bm.length + 1;
    const dp = new Uint32Array((am.length + 1) * w);
    for (let i = am.length - 1; i >= 0; i--) {
      for (let j = bm.length - 1; j >= 0; j--) {
        dp[i * w + j] = am[i] === bm[j] ? dp[(i + 1) * w + j + 1] + 1 : Math.max(dp[(i + 1) * w + j], dp[i * w + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < am.length || j < bm.length) {
      if (i < am.length && j < bm.length && am[i] === bm[j]) {
        out.push({ kind: 'ctx', text: am[i], oldNo: o++, newNo: n++ });
        i++;
        j++;
      } else if (i < am.length && (j >= bm.length || dp[(i + 1) * w + j] >= dp[i * w + j + 1])) {
        out.push({ kind: 'del', text: am[i++], oldNo: o++ });
      } else {
        out.push({ kind: 'add', text: bm[j++], newNo: n++ });
      }
    }
  }
  for (let i = a.length - tail; i < a.length; i++) out.push({ kind: 'ctx', text: a[i], oldNo: o++, newNo: n++ });
  return out;
}

/** Keep `context` lines around changes; collapse the rest into a hunk marker. */
export function withContext(lines: readonly DiffLine[], context = 3): DiffLine[] {
  const keep = new Uint8Array(lines.length);
  lines.forEach((l, i) => {
    if (l.kind !== 'ctx') for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = 1;
  });
  if (!keep.includes(1)) return lines.slice(0, context * 2);
  const out: DiffLine[] = [];
  let skipped = 0;
  lines.forEach((l, i) => {
    if (keep[i]) {
      if (skipped) out.push({ kind: 'hunk', text: `⋯ ${skipped} unchanged line${skipped === 1 ? '' : 's'}` });
      skipped = 0;
      out.push(l);
    } else skipped++;
  });
  if (skipped) out.push({ kind: 'hunk', text: `⋯ ${skipped} unchanged line${skipped === 1 ? '' : 's'}` });
  return out;
}

/** Parse the text of a Codex `apply_patch` call (`*** Begin Patch` … `*** End Patch`). */
export function parseApplyPatch(text: string): FileDiff[] | undefined {
  if (!text.includes('*** Begin Patch')) return undefined;
  const files: FileDiff[] = [];
  let cur: { path: string; action: FileDiff['action']; movedTo?: string; lines: DiffLine[] } | undefined;
  for (const raw of text.replace(/\r\n/g, '\n').split('\n')) {
    const header = /^\*\*\* (Update|Add|Delete) File: (.+)$/.exec(raw);
    if (header) {
      cur = { path: header[2].trim(), action: header[1].toLowerCase() as FileDiff['action'], lines: [] };
      files.push(cur);
      continue;
    }
    const move = /^\*\*\* Move to: (.+)$/.exec(raw);
    if (move && cur) {
      cur.movedTo = move[1].trim();
      continue;
    }
    if (raw.startsWith('*** ')) continue; // Begin/End Patch, End of File
    if (!cur) continue;
    if (raw.startsWith('@@')) cur.lines.push({ kind: 'hunk', text: raw.slice(2).trim() || '⋯' });
    else if (raw.startsWith('+')) cur.lines.push({ kind: 'add', text: raw.slice(1) });
    else if (raw.startsWith('-')) cur.lines.push({ kind: 'del', text: raw.slice(1) });
    else if (raw.startsWith(' ')) cur.lines.push({ kind: 'ctx', text: raw.slice(1) });
    else if (raw !== '') cur.lines.push({ kind: 'ctx', text: raw });
  }
  return files.length ? files : undefined;
}

/** Parse a unified diff (`--- a/x` / `+++ b/x` / `@@`) into files. */
export function parseUnifiedDiff(text: string): FileDiff[] | undefined {
  if (!/^(---|\+\+\+|@@) /m.test(text)) return undefined;
  const files: FileDiff[] = [];
  let cur: FileDiff | undefined;
  let o = 0;
  let n = 0;
  for (const raw of text.replace(/\r\n/g, '\n').split('\n')) {
    if (raw.startsWith('+++ ')) {
      const path = raw.slice(4).replace(/^b\//, '').trim();
      if (cur && cur.lines.length === 0) (cur as { path: string }).path = path;
      continue;
    }
    if (raw.startsWith('--- ')) {
      cur = { path: raw.slice(4).replace(/^a\//, '').trim(), action: 'update', lines: [] };
      files.push(cur);
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$/.exec(raw);
    if (hunk) {
      if (!cur) {
        cur = { path: '', action: 'update', lines: [] };
        files.push(cur);
      }
      o = Number(hunk[1]);
      n = Number(hunk[2]);
      cur.lines.push({ kind: 'hunk', text: raw });
      continue;
    }
    if (!cur) continue;
    if (raw.startsWith('+')) cur.lines.push({ kind: 'add', text: raw.slice(1), newNo: n++ });
    else if (raw.startsWith('-')) cur.lines.push({ kind: 'del', text: raw.slice(1), oldNo: o++ });
    else if (raw.startsWith(' ')) cur.lines.push({ kind: 'ctx', text: raw.slice(1), oldNo: o++, newNo: n++ });
  }
  return files.length ? files : undefined;
}

/** A file's edit as unified-diff lines (the Markdown export and `dejavu files --diffs`). */
export function diffText(f: FileDiff): string {
  return f.lines.map((l) => (l.kind === 'hunk' ? `@@ ${l.text} @@` : `${l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : ' '}${l.text}`)).join('\n');
}
