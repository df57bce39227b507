/**
 * dejavu_text_has, the check a walk runs on each candidate's text (search.ts): a long row whose
 * terms lie in its beginning is decided there, and the text budget still counts the whole row,
 * so a walk stops at the same row however its rows were read.
 */
import Database from 'better-sqlite3';
import { deflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packText } from './row-text';
import { TEXT_HAS, type TextMeter, textFunctions } from './text-functions';

// ~180 KB of a tool call writing a file: deflates to well past the head a check inflates first.
const body = (seed: number) => Array.from({ length: 6000 }, (_, i) => `line ${i * seed}: value_${(i * 7919 + seed) % 10007}\n`).join('');

describe('the text check', () => {
  let db: Database.Database;
  let meter: TextMeter;
  const has = (stored: string | Buffer, must: string[], mustNot: string[] = []) =>
    db.prepare(`SELECT ${TEXT_HAS}(?, ?, ?)`).pluck().get(stored, JSON.stringify(must), JSON.stringify(mustNot));

  beforeEach(() => {
    db = new Database(':memory:');
    meter = textFunctions(db);
  });
  afterEach(() => db.close());

  it('decides a long row on its beginning when every term is there, and counts the whole row', () => {
    const text = `see GO.MOD for the version\n${body(3)}`;
    const stored = packText(text) as Buffer;
    // The stream's end cut off: reading the whole row would fail, its beginning still reads.
    const cut = stored.subarray(0, stored.length - 64);
    expect(has(cut, ['go.mod'])).toBe(1);
    expect(meter.read).toBe(text.length);
  });

  it('reads the whole row when a term is past its beginning, or across where the beginning ends', () => {
    const late = `${body(5)}the go.mod file`;
    expect(has(packText(late), ['go.mod', 'line 0'])).toBe(1);
    expect(has(packText(late), ['go.sum'])).toBe(0);
    expect(meter.read).toBe(2 * late.length);
    // The same term at every offset around the first 2 KB of deflated bytes' worth of text.
    const text = body(11);
    const packed = packText(text) as Buffer;
    for (let at = 4000; at < 40_000; at += 997) {
      const placed = `${text.slice(0, at)}go.mod${text.slice(at)}`;
      expect(has(packText(placed), ['GO.mod']), `at ${at}`).toBe(1);
    }
    expect(packed.length).toBeGreaterThan(4096);
  });

  it('reads the whole row for an excluded term, wherever it is', () => {
    const text = `go.mod first\n${body(13)}go.sum last`;
    expect(has(packText(text), ['go.mod'], ['go.sum'])).toBe(0);
    expect(has(packText(text), ['go.mod'], ['go.work'])).toBe(1);
    expect(meter.read).toBe(2 * text.length);
  });

  it('reads rows stored before their length was (raw deflate) and short rows, counting each whole', () => {
    const text = `${body(17)}hooks_claudecode_handlers.go`;
    expect(has(deflateRawSync(Buffer.from(text)), ['handlers.go'])).toBe(1);
    expect(has('cli/hooks here', ['CLI/HOOKS'])).toBe(1);
    expect(meter.read).toBe(text.length + 'cli/hooks here'.length);
  });
});
