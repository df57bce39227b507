import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IdPool } from './id-pool';
import { SpillFile } from './spill-file';

describe('IdPool', () => {
  it('numbers each string once, in the order first seen, and spells it back exactly', () => {
    const pool = new IdPool();
    const keys = [randomUUID(), 'line-12', '', 'msg_01ABCdef', '0A1B2C3D-0000-4000-8000-00000000000F', 'résumé 重构', '#3f2504e0-4f89-11d3-9a0c-0305e82c3301'];
    const entries = keys.map((k) => pool.intern(k));
    expect(entries).toEqual(keys.map((_, i) => i));
    expect(keys.map((k) => pool.intern(k))).toEqual(entries);
    expect(keys.map((k) => pool.find(k))).toEqual(entries);
    expect(entries.map((e) => pool.key(e))).toEqual(keys);
    expect(pool.find('line-13')).toBe(-1);
    // An uppercase uuid is not the lowercase one: it would not spell back the same from its 16 bytes.
    expect(pool.find('0a1b2c3d-0000-4000-8000-00000000000f')).toBe(-1);
  });

  it('tells apart ids that differ only in a lone surrogate, and spells each back exactly', () => {
    const pool = new IdPool();
    const ids = ['a-\ud800', 'a-\udbff', 'a-\ufffd', 'a-\ud83d\ude00', '\udc00'];
    const entries = ids.map((id) => pool.intern(id));
    expect(new Set(entries).size).toBe(ids.length);
    expect(ids.map((id) => pool.find(id))).toEqual(entries);
    expect(entries.map((e) => pool.key(e))).toEqual(ids);
  });

  it('keeps finding every string as it grows past its first tables', () => {
    const pool = new IdPool();
    const keys = Array.from({ length: 20_000 }, (_, i) => (i % 3 === 0 ? `line-${i}` : randomUUID()));
    for (const k of keys) pool.intern(k);
    expect(pool.size).toBe(keys.length);
    expect(keys.every((k, i) => pool.find(k) === i && pool.key(i) === k)).toBe(true);
  });

  it('holds a uuid in under 40 bytes (its 16 bytes, a tag, its end and its hash slot)', () => {
    const pool = new IdPool();
    const n = 100_000;
    for (let i = 0; i < n; i += 1) pool.intern(randomUUID());
    expect(pool.byteLength / n).toBeLessThan(40);
    pool.seal();
    expect(pool.byteLength / n).toBeLessThan(22);
  });

  it('once sealed, spells its strings but finds none', () => {
    const pool = new IdPool();
    const id = randomUUID();
    pool.intern(id);
    pool.seal();
    expect(pool.key(0)).toBe(id);
    expect(() => pool.find(id)).toThrow('this id pool was sealed: no string is looked up in it any more');
  });
});

describe('IdPool in a spill file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-id-pool-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every string when all their hashes collide, each hit confirmed against its spilled bytes', () => {
    // Every string hashes alike: one probe chain, the same tag on every slot.
    const pool = new IdPool({ spill: new SpillFile(dir, 2), hash: () => 7 });
    const keys = [...Array.from({ length: 300 }, () => randomUUID()), 'line-1', 'line-10', '', 'a-\ud800', 'a-\udbff'];
    expect(keys.map((k) => pool.intern(k))).toEqual(keys.map((_, i) => i));
    expect(keys.map((k) => pool.find(k))).toEqual(keys.map((_, i) => i));
    expect(pool.find(randomUUID())).toBe(-1);
    expect(pool.find('line-100')).toBe(-1);
    pool.seal();
    expect(keys.map((_, i) => pool.key(i))).toEqual(keys);
  });

  it('tells apart strings whose hashes share their slot bits but not their tag, and the reverse', () => {
    // Hashes 0x0100_0005 and 0x0200_0005: same slot, different tags (the high 8 bits); 0x0100_0006: same tag, next slot.
    const hashes = new Map([['a', 0x0100_0005], ['b', 0x0200_0005], ['c', 0x0100_0006]]);
    const pool = new IdPool({ spill: new SpillFile(dir), hash: (bytes, start, length) => hashes.get(bytes.toString('utf8', start + 1, start + length)) ?? 0x0100_0005 });
    expect(['a', 'b', 'c', 'd'].map((k) => pool.intern(k))).toEqual([0, 1, 2, 3]);
    expect(['d', 'c', 'b', 'a', 'e'].map((k) => pool.find(k))).toEqual([3, 2, 1, 0, -1]);
  });

  it('keeps finding every string once its entries outgrow the room beside their tags (past 16.7 million; here 1,000)', () => {
    const pool = new IdPool({ spill: new SpillFile(dir, 4), packedEntries: 1000 });
    const keys = Array.from({ length: 5000 }, (_, i) => (i % 5 === 0 ? `line-${i}` : randomUUID()));
    const tagged = keys.slice(0, 1000).map((k) => pool.intern(k));
    expect(keys.slice(1000).map((k) => pool.intern(k))).toEqual(keys.slice(1000).map((_, i) => 1000 + i));
    expect(tagged).toEqual(keys.slice(0, 1000).map((_, i) => i));
    expect(keys.every((k, i) => pool.find(k) === i && pool.key(i) === k)).toBe(true);
    expect(pool.find(randomUUID())).toBe(-1);
  });
});
