/**
 * A legacy Codex fork and its parent, synced from one home: two conversations, every prompt
 * archived once (the fork's replay folds into its link to the parent). Records built here from
 * openai/codex's source (see main/core/providers/codex/README.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavuJson } from './cli';
import { envelope, sessionMeta, turn, writeRollout, type Json } from './codex-rollout';
import { textOf } from './provider-kit';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-codex-fork-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const PARENT = '019f6e50-0000-7000-8000-0000000e0001';
const FORK = '019f6e5f-0000-7000-8000-0000000e0002';

describe('sync: a Codex fork and its parent', () => {
  it('archives each prompt once, the fork linked to its parent', () => {
    const home = path.join(work, 'home');
    const parent: [string, Json][] = [['session_meta', sessionMeta(PARENT, '2026-10-07T10:00:00.000Z')], ...turn('turn-a', 'List the flaky tests', 'Two: auth.spec and cart.spec.')];
    writeRollout(home, PARENT, '2026-10-07T10:00:00', envelope(parent, '2026-10-07T10:00:00.000Z'));
    const fork: [string, Json][] = [['session_meta', sessionMeta(FORK, '2026-10-07T11:00:00.000Z', { forked_from_id: PARENT })], ...parent, ...turn('turn-b', 'Fix cart.spec only', 'cart.spec now waits for the API.')];
    writeRollout(home, FORK, '2026-10-07T11:00:00', envelope(fork, '2026-10-07T11:00:00.000Z'));
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), CODEX_HOME: '' };
    expect(dejavuJson<{ errors: unknown[] }>(['sync'], env).errors).toEqual([]);
    const shown = [PARENT, FORK].map((id) => dejavuJson<Conversation>(['show', `codex_${id}`], env));
    const prompts = shown.flatMap((c) => c.messages.filter((m) => m.role === 'user').map(textOf));
    expect(prompts).toEqual(['List the flaky tests', 'Fix cart.spec only']);
    const link = shown[1].messages.find((m) => m.kind === 'fork-point')!;
    expect(link.parts).toContainEqual({ type: 'generic', kind: 'forked-from', content: shown[0].id });
    expect(shown[1].parentId).toBeUndefined();
    expect(shown[1].warnings).toEqual([]);
  });
});
