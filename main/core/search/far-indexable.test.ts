import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringSlices } from '../../../shared/string-slices';
import { hugeSessionSeed } from '../../../bench/huge-session';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { farIndexable } from './far-indexable';
import { indexable } from './search-rows';

/** The seed session's real tool outputs, joined (as bench/huge-session-bench.ts makes its huge line). */
function realOutputs(): string {
  const outputs: string[] = [];
  for (const line of readFileSync(hugeSessionSeed(FIXTURES_DIR), 'utf8').split('\n').filter(Boolean)) {
    const content = (JSON.parse(line) as { message?: { content?: unknown } }).message?.content;
    if (!Array.isArray(content)) continue;
    for (const c of content as { type?: string; content?: unknown }[]) if (c.type === 'tool_result' && typeof c.content === 'string') outputs.push(c.content);
  }
  return outputs.join('\n');
}

describe('farIndexable', () => {
  it('keeps of a text read in slices what indexable keeps of it whole (head, middle identifiers, tail)', () => {
    const pool = realOutputs();
    expect(pool.length).toBeGreaterThan(50_000);
    for (const text of [pool, `${pool} 日本語 😀 ${pool.slice(0, 9_999)}`, pool.slice(0, 4_000)]) {
      for (const size of [1_000, 7_777, 65_536]) {
        const far = { slices: () => stringSlices(text, size) };
        expect(farIndexable(far, 4 * 1024, 1024, 8 * 1024)).toBe(indexable(text, 4 * 1024, 1024, 8 * 1024));
        expect(farIndexable(far, 32 * 1024, 4 * 1024, 300)).toBe(indexable(text, 32 * 1024, 4 * 1024, 300));
      }
    }
  });
});
