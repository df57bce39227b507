/**
 * A Codex thread in two rollout files (paginated history, 0.150+) becomes one conversation,
 * whatever order `dejavu sync` meets the files in: nothing lost, nothing doubled. Records built
 * in codex-threads.ts from openai/codex's source.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavuJson } from './cli';
import { THREAD, writeThread } from './codex-threads';
import { textOf } from './provider-kit';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-codex-pages-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Syncs `home` once per step, each step adding files first; returns the thread as archived. */
function syncInSteps(name: string, steps: ('both' | 'first' | 'continuation')[]): Conversation {
  const home = path.join(work, name, 'home');
  const env = { HOME: home, DEJAVU_HOME: path.join(work, name, 'archive'), CODEX_HOME: '' };
  for (const step of steps) {
    writeThread(home, step);
    expect(dejavuJson<{ errors: unknown[] }>(['sync'], env).errors).toEqual([]);
  }
  const listed = dejavuJson<{ id: string }[]>(['list'], env);
  expect(listed.map((c) => c.id)).toEqual([`codex_${THREAD}`]);
  return dejavuJson<Conversation>(['show', `codex_${THREAD}`], env);
}

const PROMPTS = ['Add a discount code field to checkout', 'Now make it validate against the API', 'Validate it locally instead, no API call'];
const ANSWERS = ['Added the field to CheckoutForm.', 'Validation calls /api/discounts.', 'Validation is a regex in discount.ts.'];

describe('sync: a Codex thread continued in a second rollout file', () => {
  it.each([
    ['both files at once', ['both']],
    ['the first file, then the continuation', ['first', 'continuation']],
    ['the continuation, then the first file', ['continuation', 'first']],
  ] as const)('is one conversation with every turn once: %s', (_, steps) => {
    const c = syncInSteps(steps.join('-'), [...steps]);
    // The rolled-back turn stays: the person typed it and saw its answer.
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(PROMPTS);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(ANSWERS);
    expect(c.title).toBe(PROMPTS[0]);
    expect(c.sources.length).toBe(2);
    expect(new Set(c.messages.map((m) => m.id)).size).toBe(c.messages.length);
  });
});
