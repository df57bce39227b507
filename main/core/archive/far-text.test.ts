/**
 * A prompt's or answer's text left in its file as a far string (a huge line's, shared/far-strings.ts)
 * as the codec archives it: streamed into a real content store and named by its hash, read back
 * whole, reported to the content sweep; without a store written whole, as any text.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { farString } from '../../../shared/far-strings';
import { stringSlices } from '../../../shared/string-slices';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { archiveContent } from './blob-store';
import { contentRefsOf, decodeConversation, encodeConversation } from './codec';

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-far-text-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const prompt = `Why does the build fail?\n${'npm ERR! code ELIFECYCLE 日本語 😀 "quoted"\t\n'.repeat(40_000)}end of the pasted log`;
const thinking = `Reading the log. ${'The lint step exits 1. '.repeat(30_000)}`;

/** The conversation as a far read leaves it (its long texts stand-ins) and as a whole read does. */
function both(): { far: ReturnType<typeof syntheticConversation>; whole: ReturnType<typeof syntheticConversation> } {
  const make = (p: string, t: string) =>
    syntheticConversation('far-text', [
      { id: 'u1', role: 'user', parts: [{ type: 'text', content: p }] },
      { id: 'a1', role: 'assistant', native: JSON.stringify({ message: { content: [{ type: 'thinking', thinking: t }] } }), parts: [{ type: 'reasoning', content: t }] },
    ]);
  const far = (key: string, text: string) => farString(key, { slices: () => stringSlices(text, 64 * 1024) });
  return { far: make(far('far-text-prompt', prompt), far('far-text-thinking', thinking)), whole: make(prompt, thinking) };
}

describe('a far text or reasoning part', () => {
  it('is streamed into the content store by its hash, read back whole, and named to the content sweep', () => {
    const { far, whole } = both();
    const store = archiveContent(root);
    const blob = encodeConversation(far, store);
    // The texts are in the store, not the blob (the native record names the reasoning by the same hash).
    expect(blob.length).toBeLessThan(10_000);
    expect(decodeConversation(blob, store)).toEqual(whole);
    expect(new Set(contentRefsOf(blob)).size).toBe(2);
  });

  it('is written whole, never as its stand-in, without a store', () => {
    const { far, whole } = both();
    const blob = encodeConversation(far);
    expect(contentRefsOf(blob)).toEqual([]);
    expect(decodeConversation(blob)).toEqual(whole);
  });
});
