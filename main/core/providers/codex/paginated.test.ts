/**
 * Paginated history (0.150+): one thread in several rollout files. No real file has it; the
 * records are built in test/codex-threads.ts from openai/codex's source (README.md says where).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { SEGMENT, THREAD, writeThread } from '../../../../test/codex-threads';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);

describe('codex provider: a thread continued in another rollout file', () => {
  const [firstFile, laterFile] = writeThread(path.join(tmp, 'home'));

  it('reads the continuation as the same thread, with ids of its own and no title of its own', async () => {
    const first = await parseMain(firstFile, 1);
    const later = await parseMain(laterFile, 1);
    expect(later.id).toBe(first.id);
    expect(later.id).toBe(`codex_${THREAD}`);
    expect(later.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Validate it locally instead, no API call']);
    // Ids never meet the first file's `L<n>`: the archive keeps both files' messages.
    const firstIds = new Set(first.messages.map((m) => m.id));
    expect(later.messages.every((m) => m.id.startsWith(`${SEGMENT}.L`) && !firstIds.has(m.id))).toBe(true);
    expect(first.title).toBe('Add a discount code field to checkout');
    expect(later.title).toBeUndefined();
    expect(later.warnings).toEqual([]);
  });
});
