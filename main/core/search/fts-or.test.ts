import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticConversation } from '../../../test/synthetic-conversation';
import { ArchiveReader } from '../access/archive-reader';
import { openArchiveWriter } from '../access/open-writer';
import { connectionOf } from '../archive/index-store/handle';
import { OR_FANOUT } from './fts-or';
import { planTerm, VocabularyReader } from './search-terms';

/** The most children any OR node of an FTS5 expression has (quoted strings skipped). */
function widestOr(expression: string): number {
  const stack: number[] = [1];
  let widest = 1;
  const tokens = expression.match(/"(?:[^"]|"")*"|\(|\)|\bOR\b/g) ?? [];
  for (const t of tokens) {
    if (t === '(') stack.push(1);
    else if (t === ')') widest = Math.max(widest, stack.pop() ?? 1);
    else if (t === 'OR') stack[stack.length - 1] += 1;
  }
  return Math.max(widest, ...stack);
}

describe('a word of many forms', () => {
  it('is an OR tree no wider than OR_FANOUT that finds exactly the rows of the flat OR', async () => {
    // 60 words hold "needle" (each its own conversation), two rows hold two of them, one none.
    const forms = Array.from({ length: 60 }, (_, i) => `x${i}needle`);
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString();
    const says = [...forms.map((f) => [f]), [forms[3], forms[40]], [forms[59], 'needle'], ['haystack only']];
    const conversations = says.map((words, i) => syntheticConversation(`c${i}`, [{ id: 'm0', role: 'user', parts: [{ type: 'text', content: `look: ${words.join(' and ')}` }] }], at(i)));
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-fts-or-'));
    const writer = openArchiveWriter(root);
    await writer.store(conversations.map((c) => ({ path: c.sourcePath, agent: c.agent, instance: 'host', size: 1, mtimeMs: 0, readOffset: 1, conversations: [c] })));
    writer.close();
    const reader = new ArchiveReader(root);
    try {
      const db = connectionOf(reader.db);
      const match = planTerm(new VocabularyReader(db), 'needle').match ?? '';
      expect(widestOr(match)).toBeLessThanOrEqual(OR_FANOUT);
      const rows = (m: string) => db.prepare('SELECT rowid FROM search.message_fts WHERE message_fts MATCH ? ORDER BY rowid DESC').pluck().all(m);
      const flat = `(${[...forms, 'needle'].map((f) => `"${f}"`).join(' OR ')})`;
      expect(rows(flat)).toHaveLength(62);
      expect(rows(match)).toEqual(rows(flat));
      expect(new Set(reader.search('needle', { limit: 100 }).map((h) => h.conversation.id))).toEqual(new Set(conversations.slice(0, 62).map((c) => c.id)));
    } finally {
      reader.close();
    }
  });
});
