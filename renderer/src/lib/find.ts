/**
 * Find in a conversation. The thread is virtualized (only rows in view exist in the DOM), so
 * occurrences are counted in the loaded message data, row by row in the order the row shows its
 * text: each part in turn, a tool's result right after its call.
 */
import type { Message, ToolCallResponsePart } from '../../../shared/record';

/** One occurrence: in which row, and which of that row's occurrences it is. */
export interface Occurrence {
  readonly row: number;
  readonly nth: number;
}

/** Terms to find: what the person typed (one phrase), or a search hit's matched terms. */
export function termsOf(text: string): string[] {
  const t = text.trim();
  return t ? [t] : [];
}

/** Occurrences of any of `terms` in `text`, any case, left to right, never overlapping. */
export function matchRanges(text: string, terms: readonly string[]): [number, number][] {
  const wanted = [...new Set(terms.map((t) => t.toLowerCase()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!wanted.length || !text) return [];
  const hay = text.toLowerCase();
  // Lower-casing can change a string's length (rare letters): then positions would be wrong.
  if (hay.length !== text.length) return [];
  const out: [number, number][] = [];
  let at = 0;
  while (at < hay.length) {
    let best = -1;
    let bestLen = 0;
    for (const w of wanted) {
      const i = hay.indexOf(w, at);
      if (i >= 0 && (best < 0 || i < best || (i === best && w.length > bestLen))) {
        best = i;
        bestLen = w.length;
      }
    }
    if (best < 0) break;
    out.push([best, best + bestLen]);
    at = best + bestLen;
  }
  return out;
}

/** What the reader chose not to see: not searched either. */
export interface Hidden {
  readonly tools?: boolean;
  readonly thinking?: boolean;
}

/** The texts a message's row shows, in order (what PartView renders). */
export function rowTexts(m: Message, results: ReadonlyMap<string, ToolCallResponsePart>, calls: ReadonlyMap<string, number>, hidden: Hidden = {}): string[] {
  const out: string[] = [];
  for (const p of m.parts) {
    if (hidden.tools && (p.type === 'tool_call' || p.type === 'tool_call_response')) continue;
    if (hidden.thinking && p.type === 'reasoning') continue;
    switch (p.type) {
      case 'text':
      case 'reasoning':
      case 'generic':
        out.push(p.content);
        break;
      case 'tool_call': {
        out.push(`${p.name} ${p.arguments}`);
        const r = results.get(p.id);
        if (r) out.push(r.response);
        break;
      }
      case 'tool_call_response':
        if (!calls.has(p.id)) out.push(p.response);
        break;
      case 'blob':
        break;
    }
  }
  return out;
}

/**
 * Which of a row's occurrences is the first one in `hit`: the row's own message, or a tool
 * result shown in it beside its call. 0 when it cannot tell.
 */
export function firstOccurrenceOf(
  row: Message,
  hit: Message,
  terms: readonly string[],
  results: ReadonlyMap<string, ToolCallResponsePart>,
): number {
  if (row === hit) return 0;
  const ids = new Set(hit.parts.flatMap((p) => (p.type === 'tool_call_response' ? [p.id] : [])));
  let nth = 0;
  for (const p of row.parts) {
    if (p.type === 'text' || p.type === 'reasoning' || p.type === 'generic') nth += matchRanges(p.content, terms).length;
    else if (p.type === 'tool_call') {
      nth += matchRanges(`${p.name} ${p.arguments}`, terms).length;
      const r = results.get(p.id);
      if (r && ids.has(p.id)) return nth;
      if (r) nth += matchRanges(r.response, terms).length;
    }
  }
  return 0;
}

/** Every occurrence in the loaded messages, in reading order. */
export function findOccurrences(
  messages: ReadonlyMap<number, Message>,
  terms: readonly string[],
  results: ReadonlyMap<string, ToolCallResponsePart>,
  calls: ReadonlyMap<string, number>,
  absorbed: (index: number) => boolean,
  hidden: Hidden = {},
): Occurrence[] {
  if (!terms.length) return [];
  const out: Occurrence[] = [];
  for (const i of [...messages.keys()].sort((a, b) => a - b)) {
    if (absorbed(i)) continue;
    let nth = 0;
    for (const text of rowTexts(messages.get(i)!, results, calls, hidden)) {
      for (let k = matchRanges(text, terms).length; k > 0; k--) out.push({ row: i, nth: nth++ });
    }
  }
  return out;
}

/** Whether a text holds any of the terms (a collapsed block opens for it). */
export function holdsTerm(text: string, terms: readonly string[]): boolean {
  if (!terms.length) return false;
  const hay = text.toLowerCase();
  return terms.some((t) => t && hay.includes(t.toLowerCase()));
}
