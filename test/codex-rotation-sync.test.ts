/**
 * A Codex thread whose rollout is rotated between two syncs (segment rotation, newer Codex):
 * still one conversation, every prompt and answer once, nothing marked as rewritten. Records
 * built in codex-rotation.ts from openai/codex's source.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavuJson } from './cli';
import { ANSWERS, PROMPTS, ROTATED_THREAD, writeRotated } from './codex-rotation';
import { textOf } from './provider-kit';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-codex-rotation-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('sync: a Codex rollout rotated between syncs', () => {
  it('keeps one conversation with every turn once, and no rewrite', () => {
    const home = path.join(work, 'home');
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), CODEX_HOME: '' };
    for (const rotations of [0, 1, 2] as const) {
      writeRotated(home, rotations);
      expect(dejavuJson<{ errors: unknown[] }>(['sync'], env).errors).toEqual([]);
    }
    expect(dejavuJson<{ id: string }[]>(['list'], env).map((c) => c.id)).toEqual([`codex_${ROTATED_THREAD}`]);
    const c = dejavuJson<Conversation>(['show', `codex_${ROTATED_THREAD}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(PROMPTS);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(ANSWERS);
    expect(c.messages.filter((m) => m.supersededAt)).toEqual([]);
    expect(c.rewrites ?? []).toEqual([]);
  });
});
