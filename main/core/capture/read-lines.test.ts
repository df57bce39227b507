import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLines } from './read-lines';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lines-'));

async function collect(file: string, options?: Parameters<typeof readLines>[1]) {
  const out = [];
  for await (const l of readLines(file, options)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('splits lines across chunk boundaries, strips BOM and CR, keeps multi-byte characters whole', async () => {
    const file = path.join(dir, 'a.jsonl');
    const long = 'é'.repeat(700_000); // 1.4 MB: crosses the 1 MiB read chunk mid-character
    writeFileSync(file, `\uFEFF{"a":1}\r\n"${long}"\n{"b":"日本語"}\n`);
    const lines = await collect(file);
    expect(lines.map((l) => l.text)).toEqual(['{"a":1}', `"${long}"`, '{"b":"日本語"}']);
    expect(lines.map((l) => l.lineNo)).toEqual([1, 2, 3]);
    expect(lines.at(-1)!.endOffset).toBe(Buffer.byteLength(`\uFEFF{"a":1}\r\n"${long}"\n{"b":"日本語"}\n`));
  });

  it('leaves a half-written last record for the next read, but reads a complete one without a newline', async () => {
    const file = path.join(dir, 'b.jsonl');
    writeFileSync(file, '{"a":1}\n{"b":');
    expect((await collect(file, { tail: 'if-json' })).map((l) => l.text)).toEqual(['{"a":1}']);
    expect((await collect(file)).map((l) => l.text)).toEqual(['{"a":1}']);
    expect((await collect(file, { tail: 'include' })).map((l) => l.text)).toEqual(['{"a":1}', '{"b":']);
    appendFileSync(file, '2}');
    const done = await collect(file, { tail: 'if-json' });
    expect(done.map((l) => l.text)).toEqual(['{"a":1}', '{"b":2}']);
    expect(done.at(-1)!.endOffset).toBe(15);
  });

  it('reads from an offset up to an end, numbering lines from where it starts', async () => {
    const file = path.join(dir, 'c.jsonl');
    writeFileSync(file, 'one\ntwo\nthree\nfour\n');
    const lines = await collect(file, { start: 4, end: 14, firstLineNo: 2 });
    expect(lines).toEqual([
      { text: 'two', lineNo: 2, endOffset: 8 },
      { text: 'three', lineNo: 3, endOffset: 14 },
    ]);
  });
});
