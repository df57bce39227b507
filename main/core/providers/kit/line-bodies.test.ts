import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BodyPlaces, LineReader, type LineRef } from './line-bodies';

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

describe('LineReader', () => {
  it('reads windows far apart into one buffer: reading 32 of them holds ~1 MiB of buffers, not 32 MiB', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-line-reader-'));
    try {
      const file = path.join(dir, 'far-apart.jsonl');
      // Small lines 1.5 MiB apart (the file sparse between them): each read is a window of its own.
      const refs: LineRef[] = [];
      const fd = openSync(file, 'w');
      for (let i = 0; i < 32; i += 1) {
        const start = i * 1.5 * 1024 * 1024;
        const line = Buffer.from(`{"n":${i}}\n`);
        writeSync(fd, line, 0, line.length, start);
        refs.push({ start, end: start + line.length, lineNo: i + 1 });
      }
      closeSync(fd);
      const reader = new LineReader(file);
      const before = process.memoryUsage().arrayBuffers;
      let most = 0;
      const texts = refs.map((ref) => {
        const text = reader.read(ref).text;
        most = Math.max(most, process.memoryUsage().arrayBuffers - before);
        return text;
      });
      expect(texts).toEqual(refs.map((_, i) => `{"n":${i}}`));
      // A buffer per window held 32 MiB here until V8 collected them (it does not for external memory under ~64 MB).
      expect(most).toBeLessThan(2 * 1024 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
