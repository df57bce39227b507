import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IdPool } from './id-pool';
import { FloatColumn, IntColumn } from './int-column';
import { PAGE_BYTES, SpilledBytes, SpillFile } from './spill-file';

const dirs: string[] = [];
/** A spill file in a fresh folder standing for the archive's `.tmp/`; `pages`: its cache. */
function spillFile(pages?: number): SpillFile {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-spill-'));
  dirs.push(dir);
  return new SpillFile(path.join(dir, '.tmp'), pages);
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('SpillFile', () => {
  it('keeps columns in its pages, written back and read again when its two-page cache lets them go', () => {
    const spill = spillFile(2);
    const [ints, parents, times] = [new IntColumn(-1, spill), new IntColumn(-2, spill), new FloatColumn(spill)];
    const n = 5000; // several pages each, written in turn: every page is let go and read back
    for (let i = 0; i < n; i += 2) {
      ints.set(i, i * 7);
      parents.set(i, -i - 3);
      times.set(i, i % 3 === 0 ? 1_763_900_000_000 + i : i % 3 === 1 ? 0 : -0.5 * i);
    }
    for (let i = 0; i < n; i += 1) {
      expect(ints.get(i)).toBe(i % 2 ? -1 : i * 7);
      expect(parents.get(i)).toBe(i % 2 ? -2 : -i - 3);
      if (i % 2) expect(times.get(i)).toBeNaN();
      else expect(times.get(i)).toBe(i % 3 === 0 ? 1_763_900_000_000 + i : i % 3 === 1 ? 0 : -0.5 * i);
    }
    expect([ints.get(-1), ints.get(10 * n)]).toEqual([-1, -1]);
    expect(statSync(spill.path).size).toBeGreaterThan(4 * PAGE_BYTES);
    expect(spill.byteLength).toBe(2 * PAGE_BYTES);
  });

  it('reads bytes back across page boundaries', () => {
    const bytes = new SpilledBytes(spillFile(2));
    const pieces = Array.from({ length: 600 }, (_, i) => Buffer.from(`${i}:${'x'.repeat(i % 37)}|`));
    const starts = pieces.map((p) => bytes.append(p));
    expect(bytes.size).toBeGreaterThan(3 * PAGE_BYTES);
    pieces.forEach((p, i) => expect(bytes.read(starts[i], starts[i] + p.length).toString()).toBe(p.toString()));
    const big = Buffer.alloc(3 * PAGE_BYTES, 'y');
    const at = bytes.append(big);
    expect(bytes.read(at, at + big.length).equals(big)).toBe(true);
  });

  it('holds a column of a million rows in a few kilobytes of memory, and a uuid pool in its hash table alone', () => {
    const spill = spillFile();
    const column = new IntColumn(-1, spill);
    const n = 1_000_000;
    for (let i = 0; i < n; i += 1) column.set(i, i);
    expect(column.byteLength).toBeLessThan(8 * 1024); // its page table: 4 bytes a 4 KiB page
    expect(column.get(n - 1)).toBe(n - 1);
    const pool = new IdPool({ spill });
    const uuids = 100_000;
    for (let i = 0; i < uuids; i += 1) pool.intern(randomUUID());
    // Its slots, each with its tag (4 bytes, 1.4–2.9 slots a uuid: 6–12 bytes a uuid in memory; 9–17 with a 16-bit tag beside each slot).
    expect(pool.byteLength / uuids).toBeLessThan(12);
    pool.seal();
    expect(pool.byteLength / uuids).toBeLessThan(0.1);
  });

  it('is gone once removed, and says so when read after', () => {
    const spill = spillFile(1);
    const column = new IntColumn(0, spill);
    column.set(0, 1);
    column.set(5000, 2); // another page: the first is written back
    spill.remove();
    spill.remove();
    expect(existsSync(spill.path)).toBe(false);
    expect(readdirSync(path.dirname(spill.path))).toEqual([]);
    expect(() => column.get(0)).toThrow(/the spill file .*\.spill was removed: the huge file's read is over/);
  });
});
