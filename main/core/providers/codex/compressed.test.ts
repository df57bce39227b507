/**
 * Compressed rollouts: Codex's compression worker rewrites a cold (7 days unchanged) archived
 * rollout as `rollout-….jsonl.zst` (zstd) and removes the plain file; a plain sibling, when one
 * is there again, is the one Codex reads. No real file has it; built from openai/codex's source
 * (README.md says where).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { FILE_NAME, original, PROMPTS, ROTATED_THREAD, write, writeRotated } from '../../../../test/codex-rotation';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);

/** Compresses `file` the way Codex's worker does: `<file>.zst`, the plain file removed. */
function compress(file: string): string {
  const packed = `${file}.zst`;
  writeFileSync(packed, zlib.zstdCompressSync(readFileSync(file)));
  unlinkSync(file);
  return packed;
}

describe('codex provider: a compressed rollout (.jsonl.zst)', () => {
  it('is located and read like the plain file it was', async () => {
    const home = path.join(tmp, 'cold');
    const plainFile = write(path.join(home, '.codex', 'archived_sessions', FILE_NAME), original());
    const plain = await parseMain(plainFile, 1);
    const packed = compress(plainFile);
    expect(await codexProvider.locate(home)).toEqual([packed]);
    const c = await parseMain(packed, 1);
    expect(c.id).toBe(`codex_${ROTATED_THREAD}`);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(PROMPTS.slice(0, 2));
    expect(c.messages.map((m) => m.id)).toEqual(plain.messages.map((m) => m.id));
    expect(c.warnings).toEqual([]);
  });

  it('is passed over when its plain sibling is there (Codex reads that one)', async () => {
    const home = path.join(tmp, 'both');
    const plainFile = write(path.join(home, '.codex', 'archived_sessions', FILE_NAME), original());
    writeFileSync(`${plainFile}.zst`, zlib.zstdCompressSync(readFileSync(plainFile)));
    expect(await codexProvider.locate(home)).toEqual([plainFile]);
  });

  it('is read as the earlier segment a rotated rollout references by its plain name', async () => {
    const p = writeRotated(path.join(tmp, 'segment'), 1);
    compress(p.firstSegment);
    const c = await parseMain(p.canonical, 1);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(PROMPTS.slice(0, 3));
    expect(c.warnings).toEqual([]);
  });
});
