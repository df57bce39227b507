import { appendFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileStampCache } from './file-stamp-cache';

describe('FileStampCache', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-stamp-cache-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const f = path.join(dir, name);
    writeFileSync(f, text);
    return f;
  };

  it('builds once while the file is unchanged, again when it or its WAL changes', () => {
    const cache = new FileStampCache<string>(4);
    const f = file('a.jsonl', 'one\n');
    let builds = 0;
    const read = () => cache.get(f, () => `${++builds}`);
    expect([read(), read()]).toEqual(['1', '1']);
    appendFileSync(f, 'two\n');
    expect(read()).toBe('2');
    writeFileSync(`${f}-wal`, 'x');
    expect(read()).toBe('3');
    utimesSync(`${f}-wal`, new Date(2020, 0, 1), new Date(2020, 0, 1));
    expect(read()).toBe('4');
    expect(read()).toBe('4');
  });

  it('keeps at most `limit` files, letting the least recently used go first', () => {
    const cache = new FileStampCache<string>(2);
    const [a, b, c] = ['a', 'b', 'c'].map((n) => file(`${n}.txt`, n));
    const built: string[] = [];
    const read = (f: string) => cache.get(f, () => (built.push(path.basename(f)), f));
    read(a);
    read(b);
    read(a); // a is now the most recently used
    read(c); // b goes
    expect(cache.size).toBe(2);
    read(a);
    read(b);
    expect(built).toEqual(['a.txt', 'b.txt', 'c.txt', 'b.txt']);
  });

  it('gives nothing, and keeps nothing, for a file that is gone or a build that gives nothing', () => {
    const cache = new FileStampCache<string>(2);
    expect(cache.get(path.join(dir, 'missing'), () => 'never')).toBeUndefined();
    expect(cache.get(file('d.txt', 'd'), () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
