import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { decompressSource, readSourceText } from './source-bytes';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-source-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readSourceText', () => {
  it('decompresses a .zst file and reads a plain one as it is', () => {
    const packed = path.join(dir, 'rollout.jsonl.zst');
    writeFileSync(packed, zlib.zstdCompressSync(Buffer.from('\uFEFF{"line":1}\n')));
    const plain = path.join(dir, 'rollout.jsonl');
    writeFileSync(plain, '{"line":2}\n');
    expect(readSourceText(packed)).toBe('{"line":1}\n');
    expect(readSourceText(plain)).toBe('{"line":2}\n');
  });

  it('names the file and says why when the runtime has no zstd decoder, or the data is not zstd', () => {
    const file = path.join(dir, 'old.jsonl.zst');
    expect(() => decompressSource(file, Buffer.from('x'), null)).toThrow(
      `${file} is zstd-compressed and this runtime (Node ${process.version}) has no zstd decoder: not read (needs Node 22.15 or later)`,
    );
    expect(() => decompressSource(file, Buffer.from('not zstd at all'))).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not readable zstd data: `));
  });
});
