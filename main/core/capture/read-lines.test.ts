import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CUT_LINE_NOTE, NOT_UTF8_NOTE, readLines } from './read-lines';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lines-'));

async function collect(file: string, options?: Parameters<typeof readLines>[1]) {
  const out = [];
  for await (const l of readLines(file, options)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('lets a huge line\'s bytes go before handing the line out: its reader holds the text only', async () => {
    const file = path.join(dir, 'huge.jsonl');
    writeFileSync(file, `{"a":1}\n{"output":"${'tool output '.repeat(4_000_000)}"}\n{"b":2}\n`); // a 48 MB line
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // ArrayBuffers are freed by a background sweep: collect until the count settles.
    const settled = async () => {
      for (let i = 0; i < 3; i += 1) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return process.memoryUsage().arrayBuffers;
    };
    const before = await settled();
    let held = -1;
    for await (const line of readLines(file)) {
      if (line.text.length < 1e6) continue;
      held = (await settled()) - before;
    }
    // Before, the line's 48 MB of pieces and their 48 MB join stayed alive while it was read.
    expect(held).toBeGreaterThanOrEqual(0);
    expect(held).toBeLessThan(16 * 1024 * 1024);
  });

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

  it('reads UTF-16 by code units: lines across read chunks, byte offsets, from an offset, the encoding said once', async () => {
    const file = path.join(dir, 'd.jsonl');
    const long = '😀'.repeat(300_000); // 1.2 MB of surrogate pairs: a read chunk ends inside one
    const text = `{"a":1}\r\n"${long}"\n{"b":"日本語"}\n`;
    writeFileSync(file, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    const lines = await collect(file);
    expect(lines.map((l) => l.text)).toEqual(['{"a":1}', `"${long}"`, '{"b":"日本語"}']);
    expect(lines.map((l) => l.endOffset)).toEqual([2 + 2 * 9, 2 + 2 * (9 + long.length + 3), 2 + 2 * text.length]);
    expect(lines[0].notes).toEqual(['File is UTF-16BE (with a byte-order mark), not UTF-8; read as UTF-16BE']);
    expect(lines.slice(1).map((l) => l.notes)).toEqual([undefined, undefined]);
    const rest = await collect(file, { start: lines[1].endOffset, firstLineNo: 3 });
    expect(rest).toEqual([{ text: '{"b":"日本語"}', lineNo: 3, endOffset: lines[2].endOffset }]);
  });

  it('hands back the cut last line of a finished file, marked, without moving the offset past it', async () => {
    const file = path.join(dir, 'e.jsonl');
    writeFileSync(file, '{"a":1}\n{"b":"half wri');
    expect((await collect(file, { tail: 'if-json' })).map((l) => l.text)).toEqual(['{"a":1}']);
    const lines = await collect(file, { tail: 'if-json', finished: true });
    expect(lines[1]).toEqual({ text: '{"b":"half wri', lineNo: 2, endOffset: 8, cut: true, notes: [CUT_LINE_NOTE] });
    expect(CUT_LINE_NOTE).toBe('The file ends in the middle of this line (no newline after it) and is no longer being written: the line is cut short');
  });

  it('names a line with bytes that are not UTF-8, keeps the rest of it, and puts a cut one back at its start in bytes', async () => {
    const file = path.join(dir, 'f.jsonl');
    const bad = Buffer.from([0xff, 0xc3, 0x28]); // a byte UTF-8 never uses, and a lead byte without its follower
    writeFileSync(file, Buffer.concat([Buffer.from('{"a":"x'), bad, Buffer.from('y"}\n{"b":2}\n{"c":"z'), bad]));
    const lines = await collect(file, { tail: 'if-json', finished: true });
    expect(lines.map((l) => [l.text, l.notes])).toEqual([
      ['{"a":"x\ufffd\ufffd(y"}', [NOT_UTF8_NOTE]],
      ['{"b":2}', undefined],
      ['{"c":"z\ufffd\ufffd(', [NOT_UTF8_NOTE, CUT_LINE_NOTE]],
    ]);
    // The cut line starts after the first two lines' bytes, not where its decoded text would put it.
    expect(lines[2].endOffset).toBe(Buffer.byteLength('{"a":"x') + bad.length + Buffer.byteLength('y"}\n{"b":2}\n'));
    expect(NOT_UTF8_NOTE).toBe('Bytes that are not UTF-8 in this line; each is kept as �');
  });

  it('hands a line past farLineBytes unread, by its bytes (its newline and CR-less end), naming bytes that are not UTF-8 even split across read chunks', async () => {
    const file = path.join(dir, 'far.jsonl');
    const long = `{"o":"${'é'.repeat(700_000)}"}`; // 1.4 MB: crosses the 1 MiB read chunk mid-character
    const bad = Buffer.concat([Buffer.from(`{"o":"${'x'.repeat(1024 * 1024 - 7)}`), Buffer.from([0xc3]), Buffer.from('"}')]); // a lead byte without its follower, at a chunk edge
    const cut = `{"c":"${'y'.repeat(3000)}`;
    writeFileSync(file, Buffer.concat([Buffer.from(`{"a":1}\n${long}\r\n`), bad, Buffer.from(`\n{"b":2}\n${cut}`)]));
    const lines = await collect(file, { farLineBytes: 2000, tail: 'if-json', finished: true });
    const longStart = '{"a":1}\n'.length;
    const badStart = longStart + Buffer.byteLength(long) + 2;
    expect(lines.map((l) => [l.text.slice(0, 10), l.far, l.notes])).toEqual([
      ['{"a":1}', undefined, undefined],
      ['', { start: longStart, end: longStart + Buffer.byteLength(long) + 1 }, undefined],
      ['', { start: badStart, end: badStart + bad.length }, [NOT_UTF8_NOTE]],
      ['{"b":2}', undefined, undefined],
      // A cut last line is read whole: what can be kept of it is found in its text.
      ['{"c":"yyyy', undefined, [CUT_LINE_NOTE]],
    ]);
    expect(lines[4].text).toBe(cut);
  });
});

describe('readLines on a zstd-compressed file (.zst)', () => {
  it('reads what it holds, whole, whatever end the caller took from the file\'s size', async () => {
    const file = path.join(dir, 'cold.jsonl.zst');
    writeFileSync(file, zlib.zstdCompressSync(Buffer.from('{"a":1}\n{"b":"second"}\n{"c":3}')));
    const lines = await collect(file, { end: 5, tail: 'if-json' });
    expect(lines.map((l) => l.text)).toEqual(['{"a":1}', '{"b":"second"}', '{"c":3}']);
    expect(lines.map((l) => l.lineNo)).toEqual([1, 2, 3]);
  });
});
