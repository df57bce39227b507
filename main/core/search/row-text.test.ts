import { describe, expect, it } from 'vitest';
import { fixtureTexts } from '../../../test/fixture-texts';
import { packText, unpackHead, unpackText } from './row-text';
import { excerpt, HEAD_EXCERPT } from './snippet';

describe('a stored row text', () => {
  const texts = fixtureTexts();

  it('comes back whole from every long string of the real fixtures', () => {
    expect(texts.length).toBeGreaterThan(1000);
    for (const t of texts) expect(unpackText(packText(t))).toBe(t);
  });

  it("gives a term-less snippet its text's own start, inflating only the head of a long row", () => {
    let long = 0;
    let short = 0;
    for (const t of texts) {
      const head = unpackHead(packText(t), HEAD_EXCERPT);
      // A prefix, never a character the cut split (some of these heads end inside a multi-byte one).
      expect(t.startsWith(head), t.slice(0, 60)).toBe(true);
      expect(head.length > HEAD_EXCERPT || head === t).toBe(true);
      expect(excerpt(head, [])).toEqual(excerpt(t, []));
      if (t.length >= 8_000) {
        long += 1;
        if (head.length < t.length / 2) short += 1;
      }
    }
    expect(long).toBeGreaterThan(100);
    // All but a few very repetitive texts (a head of theirs runs further).
    expect(short).toBeGreaterThanOrEqual(long * 0.95);
  });
});
