/**
 * search.db against the index and the blobs: each conversation's rows are of its current
 * revision, there are as many as its blob makes, and no rows belong to a conversation the
 * index no longer has.
 */
import type { ReadableIndex } from '../archive/db';
import { conversationRevisions } from '../archive/index-store/read-conversations';
import { indexedMarks, rowCounter, searchRowCount } from '../search/indexed-marks';
import type { SearchDb } from '../search/search-db';
import { type Finding, problem } from './findings';

export interface SearchCheck {
  readonly findings: Finding[];
  readonly searchRows: number;
}

export function checkSearch(index: ReadableIndex, search: SearchDb, expectedRows: ReadonlyMap<number, number>): SearchCheck {
  const findings: Finding[] = [];
  const indexed = new Map(indexedMarks(search).map((r) => [r.seq, r]));
  const countRows = rowCounter(search);
  // A conversation's rows sit under its row_key (search/row-keys.ts).
  const rowsOf = (seq: number) => {
    const mark = indexed.get(seq);
    return mark ? countRows(mark.row_key) : 0;
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
  return { findings, searchRows: searchRowCount(search) };
}
