/**
 * The word index answers the query language's terms as substrings (search-terms.ts), so it must
 * find exactly the rows whose text holds a term — as the trigram index did — for any piece of
 * the real fixtures' text: inside words, across separators, in CJK, in tool output.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { random } from '../../../test/random';
import { ArchiveReader } from '../access/archive-reader';
import { importPaths } from '../capture/import';
import { type StoredRow, storedRows } from './indexed-marks';
import { CANDIDATES } from './search';
import { openSearchDb } from './search-db';
import { isCjkOnly, MAX_VOCABULARY_WORD } from './word-tokens';

let reader: ArchiveReader;
let rows: StoredRow[];
let lower: string[];
/** Searches answered whole (not cut by the ranked walk's window). */
let whole = 0;

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-word-index-'));
  const dirs = readdirSync(FIXTURES_DIR).map((d) => path.join(FIXTURES_DIR, d)).filter((d) => statSync(d).isDirectory());
  await importPaths({ root, paths: dirs });
  const search = openSearchDb(root);
  rows = storedRows(search);
  search.close();
  lower = rows.map((r) => r.text.toLowerCase());
  reader = new ArchiveReader(root);
}, 120_000);

/** Conversation id → how many of its rows hold every `must` and no `mustNot` (any case): what search must answer. */
function expected(must: readonly string[], mustNot: readonly string[] = []): Map<string, number> {
  const counts = new Map<string, number>();
  rows.forEach((r, i) => {
    if (must.every((t) => lower[i].includes(t.toLowerCase())) && !mustNot.some((t) => lower[i].includes(t.toLowerCase()))) counts.set(r.conversation_id, (counts.get(r.conversation_id) ?? 0) + 1);
  });
  return counts;
}

function found(query: string): Map<string, number> {
  return new Map(reader.search(`${query} in:tools`, { limit: 100_000 }).map((h) => [h.conversation.id, h.hitCount]));
}

/**
 * What a search must answer: every conversation holding the term, with its exact count; when the
 * ranked walk stopped at its window (CANDIDATES rows), the newest of them, each still with its exact count.
 */
function expectFound(query: string, want: Map<string, number>): void {
  const got = found(query);
  // limit 100,000: the text budget never cuts (it waits for `limit` conversations); CANDIDATES can.
  const cut = [...want.values()].reduce((a, b) => a + b, 0) > CANDIDATES;
  if (!cut) {
    whole += 1;
    return void expect(got, query).toEqual(want);
  }
  expect(got.size, query).toBeGreaterThan(0);
  for (const [id, n] of got) expect(n, `${query}: ${id}`).toBe(want.get(id));
}

/** `n` pieces of the fixtures' text, 3 to 24 characters, that a query can quote (no quote, no line break). */
function pieces(seed: number, n: number, pick: (text: string, next: () => number) => string | undefined): string[] {
  const next = random(seed);
  const out: string[] = [];
  while (out.length < n) {
    const piece = pick(rows[Math.floor(next() * rows.length)].text, next);
    if (piece && [...piece.trim()].length >= 3 && !/["\n\r\t]/.test(piece) && piece === piece.trim()) out.push(piece);
  }
  return out;
}

const anyPiece = (text: string, next: () => number) => {
  const at = Math.floor(next() * text.length);
  return text.slice(at, at + 3 + Math.floor(next() * 22));
};

describe('the word index', () => {
  it('finds exactly the rows holding a piece of text cut anywhere (inside words, across separators, CJK)', () => {
    whole = 0;
    for (const piece of pieces(11, 80, anyPiece)) expectFound(`"${piece}"`, expected([piece]));
    expect(whole).toBeGreaterThan(70); // most pieces are rare enough to be answered whole
  });

  it('finds exactly the rows holding a word cut inside (pytest for test) and those of a CJK run', () => {
    const inner = (text: string, next: () => number) => {
      const words = text.match(/[\p{L}\p{N}]{6,}/gu);
      const w = words?.[Math.floor(next() * words.length)];
      return w?.slice(1, 1 + 3 + Math.floor(next() * (w.length - 3)));
    };
    for (const piece of pieces(12, 60, inner)) expectFound(piece, expected([piece]));
    for (const cjk of ['重构', '檢查一下', 'go版本', '文件']) expectFound(cjk, expected([cjk]));
  });

  it('leaves out the rows holding an excluded piece, whether the index or the text answers it', () => {
    const next = random(13);
    const positive = pieces(14, 20, anyPiece);
    const negative = pieces(15, 20, anyPiece);
    positive.forEach((p, i) => {
      const n = next() < 0.5 ? negative[i] : (negative[i].match(/[\p{L}\p{N}]{3,}/u)?.[0] ?? negative[i]);
      expectFound(`"${p}" -"${n}"`, expected([p], [n]));
    });
  });


  it('lists in its vocabulary every word the index holds, as FTS5 cut it (not CJK alone, none too long)', () => {
    const search = openSearchDb(reader.root);
    try {
      search.exec("CREATE VIRTUAL TABLE temp.held USING fts5vocab(main, message_fts, 'row')");
      const held = (search.prepare('SELECT term FROM temp.held').pluck().all() as string[]).filter((w) => w.length <= MAX_VOCABULARY_WORD && !isCjkOnly(w));
      const listed = search.prepare('SELECT word FROM words').pluck().all() as string[];
      expect(held.length).toBeGreaterThan(1000);
      expect(new Set(listed)).toEqual(new Set(held));
    } finally {
      search.close();
    }
  });
});
