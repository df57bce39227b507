/**
 * Bounds how deep parsed JSON nests. JSON.parse reads any depth, but JSON.stringify,
 * structuredClone (worker threads, IPC) and every recursive walker overflow the stack a few
 * thousand levels down. Source records are therefore cut at MAX_JSON_DEPTH: what nests deeper
 * is kept as its JSON text exactly as written (a string), so nothing is lost and nothing after
 * the parse can overflow.
 */

/**
 * Levels of objects/arrays kept as structure. Real session records nest about a dozen levels
 * (12 at most across every fixture); JSON.stringify overflows past ~4,000 and structuredClone
 * past ~2,000 on Node 24, so 256 leaves room on both sides.
 */
export const MAX_JSON_DEPTH = 256;

/** True when `value` has objects/arrays nested more than `limit` levels (the root is level 1). Iterative. */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  // Two plain stacks, no tuple per node: this runs on every long record a sync reads.
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length) {
    const node = nodes.pop() as Record<string, unknown> | unknown[];
    const depth = depths.pop()!;
    if (depth > limit) return true;
    if (Array.isArray(node)) {
      for (const child of node) {
        if (typeof child === 'object' && child !== null) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in node) {
        const child = node[key];
        if (typeof child === 'object' && child !== null) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/**
 * The same JSON text with every object/array that starts below level `limit` replaced by a JSON
 * string holding its text as written, and where the first such one began. Expects valid JSON;
 * scans once, without recursion.
 */
export function flattenBelow(text: string, limit = MAX_JSON_DEPTH): { text: string; firstCut: number } {
  const out: string[] = [];
  let copiedTo = 0;
  let depth = 0;
  let cutStart = -1;
  let firstCut = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
    } else if (OPENERS.has(c)) {
      depth += 1;
      if (depth === limit + 1 && cutStart < 0) {
        cutStart = i;
        if (firstCut < 0) firstCut = i;
      }
    } else if (CLOSERS.has(c)) {
      if (depth === limit + 1 && cutStart >= 0) {
        out.push(text.slice(copiedTo, cutStart), JSON.stringify(text.slice(cutStart, i + 1)));
        copiedTo = i + 1;
        cutStart = -1;
      }
      depth -= 1;
    }
  }
  out.push(text.slice(copiedTo));
  return { text: out.join(''), firstCut };
}

/** Index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 1;
    else if (c === QUOTE) return i;
  }
  return text.length;
}
