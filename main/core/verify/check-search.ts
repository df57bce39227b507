/**
 * search.db against the index and the blobs: each conversation's rows are of its current
 * revision, there are as many as its blob makes, and no rows belong to a conversation the
 * index no longer has.
 */
import type Database from 'better-sqlite3';
import type { ReadableIndex } from '../archive/db';
import { conversationRevisions } from '../archive/index-store/read-conversations';
import { firstRowid } from '../search/row-keys';
import { type Finding, problem } from './findings';

export interface SearchCheck {
  readonly findings: Finding[];
  readonly searchRows: number;
}

export function checkSearch(index: ReadableIndex, search: Database.Database, expectedRows: ReadonlyMap<number, number>): SearchCheck {
  const findings: Finding[] = [];
  const indexed = new Map((search.prepare('SELECT seq, conversation_id, revision, row_count, row_key FROM indexed').all() as { seq: number; conversation_id: string; revision: number; row_count: number; row_key: number }[]).map((r) => [r.seq, r]));
  const countRows = search.prepare('SELECT count(*) FROM message_fts WHERE rowid >= ? AND rowid < ?').pluck();
  // A conversation's rows sit under its row_key (search/row-keys.ts).
  const rowsOf = (seq: number) => {
    const mark = indexed.get(seq);
    return mark ? (countRows.get(firstRowid(mark.row_key), firstRowid(mark.row_key + 1)) as number) : 0;
  };
  const conversations = conversationRevisions(index);
  for (const c of conversations) {
    const mark = indexed.get(c.seq);
    const where = { conversationId: c.id, fix: { type: 'reindex', seq: c.seq } as const };
    if (!mark) {
      findings.push(problem('search', 'Search has never indexed it, so searching does not find it.', where));
      continue;
    }
    if (mark.revision !== c.revision) {
      findings.push(problem('search', `Search holds revision ${mark.revision} of it; the archive holds revision ${c.revision}.`, where));
      continue;
    }
    const actual = rowsOf(c.seq);
    const expected = expectedRows.get(c.seq);
    if (actual !== mark.row_count || (expected !== undefined && actual !== expected)) {
      findings.push(problem('search', `Search holds ${actual} row(s) of it; its archived copy makes ${expected ?? mark.row_count}.`, where));
    }
  }
  const known = new Set(conversations.map((c) => c.seq));
  for (const [seq, mark] of indexed) {
    if (known.has(seq)) continue;
    findings.push(problem('orphan-search-rows', `Search holds ${rowsOf(seq)} row(s) of a conversation the index does not have (${mark.conversation_id}).`, { fix: { type: 'drop-search-rows', seq } }));
  }
  const total = search.prepare('SELECT count(*) FROM message_fts').pluck().get() as number;
  return { findings, searchRows: total };
}
