/** The read store of the `conversations` table (beyond the reader's lists and tree, index-reader.ts): rows by key, whole-table walks, counts. */
import type { ConversationRelation } from '../../../../shared/record';
import { type ConversationRow, relationColumn } from '../rows';
import { connectionOf, type ReadableIndex, statementOf } from './handle';

/** The index row of a conversation by its full id. */
export function conversationById(index: ReadableIndex, id: string): ConversationRow | undefined {
  return statementOf(connectionOf(index), 'SELECT * FROM conversations WHERE id = ?').get(id) as ConversationRow | undefined;
}

/** The index row of a conversation by its seq (search rows and search.db name conversations so). */
export function conversationBySeq(index: ReadableIndex, seq: number): ConversationRow | undefined {
  return statementOf(connectionOf(index), 'SELECT * FROM conversations WHERE seq = ?').get(seq) as ConversationRow | undefined;
}

/**
 * How each linked conversation (one with a parent) relates to its parent, by id; a link without
 * a relation (a subagent's, or an archive whose writer has not added the column yet) is absent.
 */
export function linkedRelations(index: ReadableIndex): Map<string, ConversationRelation> {
  const rows = connectionOf(index).prepare('SELECT * FROM conversations WHERE parent_id IS NOT NULL').all() as ConversationRow[];
  return new Map(rows.flatMap((r) => {
    const relation = relationColumn(r.relation);
    return relation ? [[r.id, relation] as const] : [];
  }));
}

/** Every index row, in the order conversations were first archived. */
export function conversationsBySeq(index: ReadableIndex): ConversationRow[] {
  return connectionOf(index).prepare('SELECT * FROM conversations ORDER BY seq').all() as ConversationRow[];
}

export interface ExportFilter {
  readonly workspace?: string;
  readonly agent?: string;
  /** ISO date or time: conversations active on or after it (started or ended). */
  readonly since?: string;
}

/** The rows an export takes (its filter), in archive order. */
export function conversationsToExport(index: ReadableIndex, filter: ExportFilter): ConversationRow[] {
  const where: string[] = [];
  const params: string[] = [];
  if (filter.workspace !== undefined) {
    where.push('workspace = ?');
    params.push(filter.workspace);
  }
  if (filter.agent !== undefined) {
    where.push('agent = ?');
    params.push(filter.agent);
  }
  if (filter.since !== undefined) {
    where.push('(COALESCE(ended_at, started_at, archived_at) >= ?)');
    params.push(filter.since);
  }
  const sql = `SELECT * FROM conversations${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq`;
  return connectionOf(index).prepare(sql).all(...params) as ConversationRow[];
}

/** What search needs to follow a conversation: its keys, current revision, blob and last activity. */
export interface ConversationRevision {
  readonly seq: number;
  readonly id: string;
  readonly revision: number;
  readonly blob_path: string;
  readonly last_active: string | null;
}

/** Every conversation's current revision, by seq. */
export function conversationRevisions(index: ReadableIndex): ConversationRevision[] {
  return connectionOf(index).prepare('SELECT seq, id, revision, blob_path, COALESCE(ended_at, started_at, archived_at) AS last_active FROM conversations ORDER BY seq').all() as ConversationRevision[];
}

/** The ids of every archived conversation. */
export function conversationIds(index: ReadableIndex): Set<string> {
  return new Set(connectionOf(index).prepare('SELECT id FROM conversations').pluck().all() as string[]);
}

/** Titles by conversation id (only those that have one). */
export function conversationTitles(index: ReadableIndex): Map<string, string> {
  return new Map((connectionOf(index).prepare('SELECT id, title FROM conversations WHERE title IS NOT NULL').all() as { id: string; title: string }[]).map((r) => [r.id, r.title]));
}

export function conversationCount(index: ReadableIndex): number {
  return connectionOf(index).prepare('SELECT count(*) FROM conversations').pluck().get() as number;
}

/** Changes when a conversation is stored or added; eviction steps leave it as it is. */
export function storedConversationsMark(index: ReadableIndex): string {
  const r = connectionOf(index).prepare('SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS seq, COALESCE(SUM(revision), 0) AS revisions FROM conversations').get() as { n: number; seq: number; revisions: number };
  return `${r.n}:${r.seq}:${r.revisions}`;
}
