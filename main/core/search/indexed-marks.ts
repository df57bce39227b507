/** What search.db says it holds, for `dejavu verify`: each conversation's mark (revision, row count, key) and its rows. */
import { firstRowid } from './row-keys';
import type { SearchDb } from './search-db';

export interface IndexedMark {
  readonly seq: number;
  readonly conversation_id: string;
  readonly revision: number;
  readonly row_count: number;
  readonly row_key: number;
}

export function indexedMarks(search: SearchDb): IndexedMark[] {
  return search.prepare('SELECT seq, conversation_id, revision, row_count, row_key FROM indexed').all() as IndexedMark[];
}

/** Counts the rows under a row key: a conversation's rows sit there (row-keys.ts). */
export function rowCounter(search: SearchDb): (rowKey: number) => number {
  const countRows = search.prepare('SELECT count(*) FROM message_fts WHERE rowid >= ? AND rowid < ?').pluck();
  return (rowKey) => countRows.get(firstRowid(rowKey), firstRowid(rowKey + 1)) as number;
}

export function searchRowCount(search: SearchDb): number {
  return search.prepare('SELECT count(*) FROM message_fts').pluck().get() as number;
}
