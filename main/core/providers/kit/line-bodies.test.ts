import { describe, expect, it } from 'vitest';
import { BodyPlaces } from './line-bodies';

describe('BodyPlaces', () => {
  it('gives back each body’s pieces in order, bodies started and grown in turn', () => {
    const places = new BodyPlaces();
    const a = places.start({ start: 0, end: 10, lineNo: 1 });
    const b = places.start({ start: 10, end: 25, lineNo: 2 });
    places.add(a, { start: 25, end: 4_000_000_025, lineNo: 3 });
    const cut = { parts: [{ type: 'text' as const, content: 'cut last line' }], native: '{"cut' };
    places.add(b, cut);
    places.add(a, { start: 4_500_000_000, end: 4_500_000_005, lineNo: 4 });
    expect(places.pieces(a)).toEqual([
      { start: 0, end: 10, lineNo: 1 },
      { start: 25, end: 4_000_000_025, lineNo: 3 },
      { start: 4_500_000_000, end: 4_500_000_005, lineNo: 4 }, // past 4 GiB into the file: offsets are not 32-bit
    ]);
    expect(places.pieces(b)).toEqual([{ start: 10, end: 25, lineNo: 2 }, cut]);
  });

  it('holds a piece in 16 bytes once trimmed, when no body has a second piece (was 28: its end as a float, and its body’s last piece)', () => {
    const places = new BodyPlaces();
    const n = 100_000;
    for (let i = 0; i < n; i += 1) places.start({ start: i * 100, end: i * 100 + 100, lineNo: i + 1 });
    places.trim();
    expect(places.byteLength / n).toBe(16);
  });
});
