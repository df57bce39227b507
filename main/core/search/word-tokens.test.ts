/**
 * The vocabulary's words (word-tokens.ts) must be the words FTS5's unicode61 tokenizer makes of
 * the same text, or a term would expand to a word the index does not hold and miss its rows.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { hasCjk, isCjkOnly, mayHoldCjk, termWords } from './word-tokens';

const SAMPLES = [
  'cli/hooks_claudecode_handlers.go: String::from_utf8_lossy(&bytes) -> ec1f7b22d9e6',
  'Café déjà vu naïve façade — Ünïcödé ÉCOLE ß İstanbul',
  'e\u0301 combining accent; emoji 🎉 party; math 𝑥² ½ ① ٣ arabic-indic',
  '請檢查go.mod文件中的go版本 그리고 한국어 カタカナtest ひらがな',
  'tabs\tand\nnewlines  double spaces, "quotes" (parens) [brackets] {braces} <angle> $dollar #hash @at',
  'हिन्दी भाषा ไทย ภาษา עִבְרִית',
  'private use \uE000\uE001 and zero-width\u200Bjoiner and soft\u00ADhyphen',
];

describe('the vocabulary words', () => {
  it("are FTS5 unicode61's tokens of the same text (remove_diacritics 0), lower-cased", () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 0'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');");
    for (const [i, text] of SAMPLES.entries()) db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)').run(i + 1, text);
    for (const [i, text] of SAMPLES.entries()) {
      const fts = db.prepare('SELECT term FROM v WHERE doc = ? ORDER BY offset').pluck().all(i + 1);
      expect(termWords(text).map((w) => w.word), text).toEqual(fts);
    }
  });

  it('are, for every character, the words FTS5 makes of it between two letters: kept inside, or cutting, and folded alike', () => {
    // fts5-chars.ts is generated from this SQLite (scripts/gen-fts5-chars.mjs): run it again when this fails after an upgrade.
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 0'); CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');");
    const insert = db.prepare('INSERT INTO t (rowid, x) VALUES (?, ?)');
    // Every code point but the surrogates, 256 to a row, each between two letters: "q<c>Z q<c>Z …".
    const blocks: string[] = [];
    for (let base = 0; base <= 0x10ffff; base += 256) {
      const chars: string[] = [];
      for (let c = base; c < base + 256; c += 1) if (c < 0xd800 || c > 0xdfff) chars.push(`q${String.fromCodePoint(c)}Z`);
      blocks.push(chars.join(' '));
    }
    db.transaction(() => blocks.forEach((text, i) => insert.run(i + 1, text)))();
    const fts = blocks.map(() => [] as string[]);
    for (const r of db.prepare('SELECT doc, term FROM v ORDER BY doc, offset').iterate() as Iterable<{ doc: number; term: string }>) fts[r.doc - 1].push(r.term);
    const wrong = blocks.flatMap((text, i) => (termWords(text).map((w) => w.word).join(' ') === fts[i].join(' ') ? [] : [`block from U+${(i * 256).toString(16)}`]));
    expect(wrong.slice(0, 10), `${wrong.length} blocks differ`).toEqual([]);
    expect(termWords('took 350µs, ο λόγος, ΑΘΗΝΑΣ, s̶t̶r̶i̶k̶e̶ 🤖').map((w) => w.word)).toEqual(['took', '350μs', 'ο', 'λόγοσ', 'αθηνασ', 's', 't', 'r', 'i', 'k', 'e', '🤖']);
  });

  it('tell CJK-only words (cjk_fts finds those; the vocabulary leaves them out) from those mixed with Latin', () => {
    expect(termWords('請檢查go.mod文件 한국어 カタカナtest').map((w) => [w.word, isCjkOnly(w.word)])).toEqual([
      ['請檢查go', false],
      ['mod文件', false],
      ['한국어', true],
      ['カタカナtest', false],
    ]);
  });

  it('are looked for in every text holding a CJK character: the quick test (mayHoldCjk) misses none', () => {
    const missed: string[] = [];
    for (let c = 0; c <= 0x10ffff; c += 1) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCodePoint(c);
      if (hasCjk(ch) && !mayHoldCjk(`plain text ${ch} more`)) missed.push(c.toString(16));
    }
    expect(missed).toEqual([]);
    expect(mayHoldCjk('cli/hooks_claudecode_handlers.go — déjà vu ✓ → │')).toBe(false);
  });
});
