import { describe, expect, it } from 'vitest';
import { positiveCount, sumUsage, usageOf } from './usage';

describe('token usage in one shape', () => {
  it('keeps the counts that are numbers, zeros included, and is undefined when none is', () => {
    expect(usageOf({ inputTokens: 12, outputTokens: '7', cacheReadTokens: 0, reasoningTokens: undefined })).toEqual({ inputTokens: 12, cacheReadTokens: 0 });
    expect(usageOf({ inputTokens: null, outputTokens: 'n/a' })).toBeUndefined();
  });

  it('reads a count stored as 0 when there was none as no count', () => {
    expect([positiveCount(3), positiveCount(0), positiveCount(-1), positiveCount('3')]).toEqual([3, undefined, undefined, undefined]);
  });

  it('sums key by key into a new record, leaving both inputs as they were', () => {
    const total = { inputTokens: 10, outputTokens: 2 };
    const more = { inputTokens: 5, cacheWriteTokens: 3 };
    expect(sumUsage(total, more)).toEqual({ inputTokens: 15, outputTokens: 2, cacheWriteTokens: 3 });
    expect(total).toEqual({ inputTokens: 10, outputTokens: 2 });
    expect(sumUsage(undefined, more)).toEqual(more);
    expect(sumUsage(total, undefined)).toBe(total);
  });
});
