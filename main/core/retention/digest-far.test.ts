import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { farString, farText, wholeFarText } from '../../../shared/far-strings';
import type { Conversation } from '../../../shared/record';
import { stringSlices } from '../../../shared/string-slices';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { threadFromDigest } from './degrade';
import { buildDigest } from './digest';
import { keepInStore, storedText } from './digest-stored-text';
import { keepsPrompts } from './step';

const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-digest-far-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A failed tool call whose output is `response`. */
function failed(response: string): Conversation {
  return syntheticConversation('far-digest', [
    { id: 'u1', role: 'user', kind: 'prompt', parts: [{ type: 'text', content: 'build it' }] },
    { id: 'a1', role: 'assistant', parts: [{ type: 'tool_call', id: 't1', name: 'Bash', arguments: '{"command":"make"}' }] },
    { id: 'r1', role: 'tool', parts: [{ type: 'tool_call_response', id: 't1', response, isError: true }] },
  ]);
}

describe('the digest of a far tool output (a huge line’s string left in its file)', () => {
  it('fingerprints and quotes the output itself, as when it is held whole, never its stand-in', () => {
    const output = `Error: ENOENT: no such file /src/app.ts at line 12\n${'  at frame (/src/x.ts:1:1)\n'.repeat(50_000)}`;
    const standIn = farString('digest-test', { slices: () => stringSlices(output, 64 * 1024) });
    const far = buildDigest(failed(standIn));
    expect(far.errors).toEqual(buildDigest(failed(output)).errors);
    expect(far.errors?.[0]?.snippet).toContain('ENOENT: no such file /src/app.ts');
  });
});

/** A conversation whose prompt is `prompt`, then an answer. */
function asked(prompt: string): Conversation {
  return syntheticConversation('far-prompt', [
    { id: 'u1', role: 'user', kind: 'prompt', parts: [{ type: 'text', content: prompt }] },
    { id: 'a1', role: 'assistant', parts: [{ type: 'text', content: 'The lint step fails.' }] },
  ]);
}

describe('the digest of a far prompt (a huge line’s prompt left in its file)', () => {
  const prompt = `  Why does this fail?\n${'npm ERR! code ELIFECYCLE 日本語 😀\n'.repeat(60_000)}end of the log`;
  const far = () => asked(farString('digest-prompt', { slices: () => stringSlices(prompt, 64 * 1024) }));

  it('keeps the prompt in the content store by its hash and only its head in the digest; the stage-2 thread reads it back whole', () => {
    const digest = buildDigest(far(), keepInStore(root));
    const [part] = digest.prompts[0].parts;
    expect(part).toMatchObject({ type: 'text', contentRef: createHash('sha256').update(prompt).digest('hex') });
    expect(JSON.stringify(digest).length).toBeLessThan(20_000);
    expect(JSON.stringify(digest)).not.toContain('far:');
    expect(digest.firstPrompt).toBe(buildDigest(asked(prompt)).firstPrompt);
    const thread = threadFromDigest(digest, storedText(root));
    const text = thread.messages[0].parts[0];
    expect(text.type === 'text' && farText(text.content) && wholeFarText(farText(text.content)!)).toBe(prompt);
    expect(keepsPrompts(asked(prompt), thread)).toBe(true);
  });

  it('takes no stage-2 step when the stored prompt cannot be read back (its content file gone)', () => {
    const digest = buildDigest(far(), keepInStore(root));
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'dejavu-digest-far-empty-'));
    try {
      expect(keepsPrompts(asked(prompt), threadFromDigest(digest, storedText(elsewhere)))).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('keeps it whole in the digest where no content store is at hand: never lost', () => {
    const digest = buildDigest(far());
    expect(digest.prompts[0].parts).toEqual([{ type: 'text', content: prompt }]);
  });
});
