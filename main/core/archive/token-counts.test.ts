import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../shared/record';
import { decodeConversation, encodeConversation } from './codec';
import { withStorableTokenCounts } from './token-counts';

function conversation(usage: Conversation['usage']): Conversation {
  return { id: 'codex_x', agent: 'codex', nativeId: 'x', workspace: 'w', instance: 'host', models: [], sourcePath: '/s', sources: ['/s'], warnings: [], messages: [], usage };
}

describe('token counts entering the archive', () => {
  it('leaves out what no uint64 holds as reported (1e400 parses to Infinity), and the blob then reads back the same', () => {
    const fixed = withStorableTokenCounts(conversation({ inputTokens: Infinity, outputTokens: 2 ** 60, cacheReadTokens: 7.9, reasoningTokens: 0 }));
    expect(fixed.usage).toEqual({ cacheReadTokens: 7, reasoningTokens: 0 });
    expect(fixed.warnings.map((w) => w.message)).toEqual([
      'input token count Infinity is not a count of tokens: left out',
      'output token count 1152921504606847000 is not a count of tokens: left out',
    ]);
    expect(decodeConversation(encodeConversation(fixed)).usage).toEqual(fixed.usage);
  });

  it('hands back the same record when every count is fine', () => {
    const c = conversation({ inputTokens: 10, outputTokens: 0 });
    expect(withStorableTokenCounts(c)).toBe(c);
  });
});
