/**
 * The relevance of a ranked search's candidate rows: BM25 computed over them (not FTS5's bm25(),
 * whose rarity weight costs a second evaluation of the whole query), from each row's length
 * (FTS5's docsize record) and, when the candidates' text is short in all, how often it says each
 * term; then each match's score (weighted by recency) and its conversation's group. README.md next
 * to this file has the measurements.
 */
import type Database from 'better-sqlite3';
import { statementOf } from '../archive/index-store/handle';
import { unpackText } from './row-text';

export interface Group {
  readonly seq: number;
  bestRowid: number;
  bestScore: number;
  count: number;
}

export interface MatchRow {
  rowid: number;
  seq: number;
  rel: number;
  last_active: string | null;
  /** The row's length in tokens (FTS5's docsize record: docsizeTokens), read when ranked. */
  sz?: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a word of the index stands for in characters, about (word and separator; for the cap on counting). */
const CHARS_PER_WORD = 6;

/** BM25's k1 and b, as FTS5's bm25() uses them. */
const K1 = 1.2;
const B = 0.75;

/**
 * Ranks the candidates by BM25 without its rarity weight (IDF): every candidate holds every term,
 * so for one term the IDF weighs each row alike and the order is bm25()'s; for several, each term
 * weighs the same. What tells rows apart is how often they say each term and their length
 * (FTS5's token count of the row, docsize): a short message about the word beats a long one that
 * mentions it once. Occurrences are counted in the rows' text when it is short in all (reading
 * it costs ~1 ms a MB); otherwise one occurrence is assumed.
 */
export function rankRows(db: Database.Database, groups: Map<number, Group>, rows: MatchRow[], score: (r: MatchRow) => number, terms: readonly string[]): void {
  if (rows.length === 0) return;
  let text = 0;
  for (const r of rows) text += (r.sz ?? 0) * CHARS_PER_WORD;
  const counts = rows.length <= COUNTED_ROWS && text <= COUNTED_TEXT ? termCounts(db, rows, terms) : undefined;
  const average = averageLength(db);
  for (const g of groups.values()) g.bestScore = Number.POSITIVE_INFINITY;
  // Up to CANDIDATES rows: scored in place (a copy of each row cost more than its arithmetic).
  for (const r of rows) {
    const g = groups.get(r.seq);
    if (!g) continue;
    const norm = K1 * (1 - B + (B * (r.sz || average)) / average);
    let rel = 0;
    for (const tf of counts?.get(r.rowid) ?? ONCE) rel -= (tf * (K1 + 1)) / (tf + norm);
    r.rel = rel;
    const s = score(r);
    if (s < g.bestScore || (s === g.bestScore && r.rowid < g.bestRowid)) {
      g.bestScore = s;
      g.bestRowid = r.rowid;
    }
  }
}

/** A row's term counts when they are not counted: each term once. */
const ONCE: readonly number[] = [1];

/** The average row length in tokens over the whole index, as bm25() uses it: FTS5's averages record (rows, then tokens). */
function averageLength(db: Database.Database): number {
  const record = statementOf(db, 'SELECT block FROM search.message_fts_data WHERE id = 1').pluck().get() as Uint8Array | undefined;
  const [rows, tokens] = record ? varints(record, 2) : [0, 0];
  return rows > 0 && tokens > 0 ? tokens / rows : 1;
}

/**
 * Up to this many candidate rows and characters of their text, each term's occurrences are
 * counted in it: ~2 ms (reading a row costs ~4 µs, and its text ~1.5 ms a MB, measured at 200k).
 */
const COUNTED_ROWS = 300;
const COUNTED_TEXT = 1_000_000;

/** How often each term occurs in each row's indexed text (any case; at least once: the index matched it). */
function termCounts(db: Database.Database, rows: readonly MatchRow[], terms: readonly string[]): Map<number, number[]> {
  const needles = terms.map((t) => t.toLowerCase());
  const counts = new Map<number, number[]>();
  const sql = 'SELECT rowid AS id, text FROM search.message_text WHERE rowid IN (SELECT value FROM json_each(?))';
  for (const r of db.prepare(sql).iterate(JSON.stringify(rows.map((x) => x.rowid))) as IterableIterator<{ id: number; text: string | Uint8Array }>) {
    const text = unpackText(r.text).toLowerCase();
    counts.set(
      r.id,
      needles.map((n) => {
        let tf = 0;
        for (let at = text.indexOf(n); at !== -1; at = text.indexOf(n, at + n.length)) tf += 1;
        return Math.max(1, tf);
      }),
    );
  }
  return counts;
}

/** Every byte value in order: `instr` of a one-byte blob in it is that byte's value + 1. */
const BYTE_VALUES = `X'${Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0')).join('')}'`;

/**
 * SQL for the first varint of a docsize record (`blob`, a column expression): the row's token
 * count, as an integer. The walk reads it for each of up to 4000 candidates; returning the
 * record as a blob cost a Buffer per row in JavaScript, ~2.3 ms per 4000 rows at 200k messages
 * (README.md, fifth pass). search.db's FTS5 table has one column, so the record is that one
 * varint and its length says how many bytes to read: each byte is looked up once (a CASE on the
 * bytes' high bits looked some up twice: 0.3–1.4 ms per 4000 rows at 1M, README.md, sixth pass).
 * Up to four bytes: 2^28 tokens, far past any row's length.
 */
export function docsizeTokens(blob: string): string {
  const byte = (k: number) => `(instr(${BYTE_VALUES}, substr(${blob}, ${k}, 1)) - 1)`;
  const high = (k: number) => `(${byte(k)} - 128)`; // a byte that is not a varint's last: its low 7 bits
  return (
    `CASE length(${blob}) WHEN 1 THEN ${byte(1)} ` +
    `WHEN 2 THEN ${high(1)} * 128 + ${byte(2)} ` +
    `WHEN 3 THEN (${high(1)} * 128 + ${high(2)}) * 128 + ${byte(3)} ` +
    `ELSE ((${high(1)} * 128 + ${high(2)}) * 128 + ${high(3)}) * 128 + ${byte(4)} END`
  );
}

/** The first `n` of SQLite's big-endian varints in `buf` (FTS5's docsize and averages records). */
function varints(buf: Uint8Array, n: number): number[] {
  const out: number[] = [];
  let at = 0;
  while (out.length < n && at < buf.length) {
    let v = 0;
    for (let i = 0; i < 9 && at < buf.length; i += 1) {
      const byte = buf[at++];
      if (i === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    out.push(v);
  }
  return out;
}

/**
 * A match's score (lower is better): its relevance weighted by how recently its conversation was
 * active, or, unranked, its place in the walk (newest conversation first).
 */
export function recencyScore(ranked: boolean, now: number): (r: MatchRow) => number {
  const recency = new Map<number, number>();
  return (r) => {
    if (!ranked) return -r.rowid; // newest conversation first; within it, the first match (see addToGroups)
    let factor = recency.get(r.seq);
    if (factor === undefined) {
      const at = r.last_active ? Date.parse(r.last_active) : Number.NaN;
      factor = 1 + 1 / (1 + Math.max(0, Number.isNaN(at) ? 0 : (now - at) / DAY_MS) / 30);
      recency.set(r.seq, factor);
    }
    return r.rel * factor;
  };
}

/** Counts a matching row in its conversation's group and keeps the group's best row. */
export function addToGroups(groups: Map<number, Group>, r: MatchRow, s: number, ranked: boolean): void {
  const g = groups.get(r.seq);
  if (!g) groups.set(r.seq, { seq: r.seq, bestRowid: r.rowid, bestScore: s, count: 1 });
  else {
    g.count += 1;
    // Rows come newest first: an unranked conversation's hit is its earliest match.
    if (s < g.bestScore || !ranked) {
      g.bestScore = Math.min(s, g.bestScore);
      g.bestRowid = r.rowid;
    }
  }
}
