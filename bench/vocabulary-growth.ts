/**
 * The search bench's archive is the real fixtures replicated, so without this its vocabulary
 * stops growing at the fixtures' ~24,000 words however many copies are made. A person's archive
 * keeps meeting new words: fitting Heaps' law (V = K·n^β) to the fixtures' own indexed text gives
 * β ≈ 0.49, so ~300,000 words at the 1.26 GB of text of a million messages, and a common word
 * like `test` inside thousands of them (main/core/search/README.md, "A real archive's
 * vocabulary"). The search plans a term by those words, so a bench without them measured a
 * smaller problem than a real archive poses.
 *
 * Each copy renames some of its camelCase identifiers (one word to the index: `parseQuery` is
 * `parsequery`) by appending a fragment of the fixtures' own identifiers (`parseQueryState`),
 * chosen per identifier and copy: new words as a codebase grows them, each in the copies that
 * say it, with real doclists. Only camelCase words change: paths, snake_case names, hashes, CJK
 * and prose stay as written, so the query set finds what it found.
 */
import type { Conversation } from '../shared/record';
import { partText, withPartText } from '../shared/part-text';

/** Fragments appended: the most frequent capitalised pieces of the fixtures' identifiers. */
const FRAGMENTS = 256;
/** The share of a copy's identifiers renamed, chosen with FRAGMENTS to follow the Heaps fit above. */
const RENAMED = 0.35;

const CAMEL = /\b[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b/g;

/** The fragments the copies append, from the seeds' own identifiers (most frequent first). */
export function identifierFragments(seeds: readonly Conversation[]): string[] {
  const counts = new Map<string, number>();
  for (const text of seeds.flatMap((c) => c.messages.flatMap((m) => m.parts.map(partText)))) {
    for (const id of text.match(CAMEL) ?? []) for (const f of id.match(/[A-Z][a-z0-9]+/g) ?? []) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, FRAGMENTS).map(([f]) => f);
}

/** The copy's messages with its share of identifiers renamed for `round` (the same one always gets the same name in a copy). */
export function withGrownVocabulary(copy: Conversation, round: number, fragments: readonly string[]): Conversation {
  if (round === 0 || fragments.length === 0) return copy;
  const rename = (text: string) =>
    text.replace(CAMEL, (id) => {
      const h = fnv1a(`${id}\u0000${round}`);
      return h % 1000 < RENAMED * 1000 ? id + fragments[Math.floor(h / 1000) % fragments.length] : id;
    });
  return { ...copy, messages: copy.messages.map((m) => ({ ...m, parts: m.parts.map((p) => withPartText(p, rename)) })) };
}

/** 32-bit FNV-1a of the string's UTF-16 units: a stable choice per identifier and copy. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
