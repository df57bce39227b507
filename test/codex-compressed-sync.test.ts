/**
 * A Codex rollout compressed by Codex (`archived_sessions/rollout-….jsonl.zst`) is archived by
 * `dejavu sync` and imported by `dejavu import` like the plain file, and a second sync finds it
 * unchanged. Records built in codex-rotation.ts from openai/codex's source.
 */
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavuJson } from './cli';
import { FILE_NAME, original, PROMPTS, ROTATED_THREAD, write } from './codex-rotation';
import { textOf } from './provider-kit';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-codex-zst-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function compressedRollout(home: string): string {
  const plain = write(path.join(home, '.codex', 'archived_sessions', FILE_NAME), original());
  writeFileSync(`${plain}.zst`, zlib.zstdCompressSync(readFileSync(plain)));
  unlinkSync(plain);
  return `${plain}.zst`;
}

describe('sync and import: a compressed Codex rollout', () => {
  it('archives what it holds, and finds it unchanged the next time', () => {
    const home = path.join(work, 'home');
    compressedRollout(home);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), CODEX_HOME: '' };
    const first = dejavuJson<{ errors: unknown[]; read: number; warnings: number }>(['sync'], env);
    expect(first).toMatchObject({ errors: [], read: 1, warnings: 0 });
    const c = dejavuJson<Conversation>(['show', `codex_${ROTATED_THREAD}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(PROMPTS.slice(0, 2));
    expect(dejavuJson<{ read: number; unchanged: number }>(['sync'], env)).toMatchObject({ read: 0, unchanged: 1 });
  });

  it('is recognised by content when imported from a folder', () => {
    const file = compressedRollout(path.join(work, 'loose'));
    const env = { HOME: path.join(work, 'nobody'), DEJAVU_HOME: path.join(work, 'imported'), CODEX_HOME: '' };
    const report = dejavuJson<{ errors: unknown[]; unrecognized: string[]; created: string[] }>(['import', path.dirname(file)], env);
    expect(report).toMatchObject({ errors: [], unrecognized: [], created: [`codex_${ROTATED_THREAD}`] });
  });
});
