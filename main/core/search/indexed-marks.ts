/** What search.db says it holds, for `dejavu verify`: each conversation's mark (revision, row count, key) and its rows. */
import { codesOf, firstRowid, ROWIDS_PER_CONVERSATION } from './row-keys';
import { unpackText } from './row-text';
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
  const countRows = search.prepare('SELECT count(*) FROM message_text WHERE rowid >= ? AND rowid < ?').pluck();
  return (rowKey) => countRows.get(firstRowid(rowKey), firstRowid(rowKey + 1)) as number;
}

export function searchRowCount(search: SearchDb): number {
  return search.prepare('SELECT count(*) FROM message_text').pluck().get() as number;
}

/** One stored row as a search reads it back (its text inflated, scope and role from its rowid). */
export interface StoredRow {
  readonly conversation_id: string;
  readonly message_index: number;
  readonly role: string;
  readonly scope: string;
  readonly text: string;
}

/** Every row search.db holds, by conversation id then rowid: what tests compare between two ways of indexing. */
export function storedRows(search: SearchDb): StoredRow[] {
  const sql = `SELECT i.conversation_id, t.rowid, t.message_index, t.text FROM message_text t JOIN indexed i ON i.row_key = t.rowid / ${ROWIDS_PER_CONVERSATION} ORDER BY i.conversation_id, t.rowid`;
  return (search.prepare(sql).all() as { conversation_id: string; rowid: number; message_index: number; text: string | Uint8Array }[]).map((r) => ({
    conversation_id: r.conversation_id,
    message_index: r.message_index,
    ...codesOf(r.rowid),
    text: unpackText(r.text),
  }));
}
