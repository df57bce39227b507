import { describe, expect, it } from 'vitest';
import { farString } from '../../../shared/far-strings';
import type { Conversation } from '../../../shared/record';
import { stringSlices } from '../../../shared/string-slices';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { buildDigest } from './digest';

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
