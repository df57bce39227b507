/**
 * A long row's stored text says its length (so a check may read only its beginning and the walk's
 * text budget still counts the whole row), and rows stored before that head still read.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packText, storedLength, unpackHead, unpackText } from './row-text';

// Characters of one, two, three and four UTF-8 bytes (the last two UTF-16 units): a cut can fall inside any.
const MIXED = Array.from({ length: 3000 }, (_, i) => `${i} a é € 𝑥 ${(i * 7919) % 10007}`).join(' ');

describe('a row stored deflated', () => {
  it('keeps its length in UTF-16 units, as text.length counts it, and reads back whole', () => {
    const stored = packText(MIXED);
    expect(typeof stored).not.toBe('string');
    expect(storedLength(stored)).toBe(MIXED.length);
    expect(unpackText(stored)).toBe(MIXED);
  });

  it('gives its beginning without a character cut in two, wherever the deflated bytes are cut', () => {
    const stored = packText(MIXED);
    for (let bytes = 300; bytes < 1300; bytes += 7) {
      const head = unpackHead(stored, bytes);
      expect(head.whole).toBe(false);
      expect(head.text.length).toBeGreaterThan(0);
      expect(MIXED.startsWith(head.text), `cut at ${bytes} bytes`).toBe(true);
      expect(head.text).not.toContain('\uFFFD');
    }
    expect(unpackHead(stored, 1 << 20)).toEqual({ text: MIXED, whole: true });
  });

  it('as written before the head (raw deflate from the first byte) still reads, its length unknown', () => {
    const legacy = deflateRawSync(Buffer.from(MIXED));
    expect(storedLength(legacy)).toBeUndefined();
    expect(unpackText(legacy)).toBe(MIXED);
  });

  it('short, is kept as text, its length its own', () => {
    expect(packText('go.mod')).toBe('go.mod');
    expect(storedLength('go.mod')).toBe(6);
  });
});
