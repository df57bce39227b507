/**
 * Read access to index.db: lists, the tree, ids, summaries and totals. Never writes. Whole
 * records (as retention left them) and search are added above archive/, by
 * access/archive-reader.ts, so archive/ needs neither retention/ nor search/.
 */
import type { ArchiveStatsView, TreeWorkspace } from '../../../shared/views';
import type Database from 'better-sqlite3';
import { openReadableIndex, type ReadableIndex } from './db';
import { connectionOf } from './index-store/handle';
import { type ArchivedSummary, type ConversationRow, liveColumn, summaryFromRow } from './rows';
import { localDay, systemTimeZone } from '../../../shared/local-day';

/**
 * The date a conversation is filed and ordered under: its start, else the last time its source
 * was written (providers record the file's mtime there when the records carry no time).
 * Conversations with neither are undated: listed last, never as the newest.
 */
export const DATED_AT = 'COALESCE(started_at, ended_at)';

export interface ListFilters {
  readonly workspace?: string;
  readonly instance?: string;
  /** YYYY-MM-DD of the conversation's date (DATED_AT) in `timeZone`, or `undated`. */
  readonly date?: string;
  /** IANA zone days are counted in; default: the process's. */
  readonly timeZone?: string;
  readonly agent?: string;
  /** Only the subagent conversations of this parent. */
  readonly parentId?: string;
  /** Only conversations that are not a subagent's. */
  readonly topLevel?: boolean;
  /** ISO date or date-time: conversations active on or after it. */
  readonly since?: string;
  readonly limit?: number;
}

export type ArchiveStats = ArchiveStatsView;

export class ConversationNotFoundError extends Error {
  override readonly name = 'ConversationNotFoundError';
}

export class AmbiguousIdError extends Error {
  override readonly name = 'AmbiguousIdError';
}

export class IndexReader {
  readonly db: ReadableIndex;
  /** The connection behind `db`, for this reader's own statements. */
  private readonly sql: Database.Database;

  /** `prepare` runs on the fresh connection before anything is read (ATTACHing search.db); the connection is closed if it throws. */
  constructor(
    readonly root: string,
    prepare?: (db: ReadableIndex) => void,
  ) {
    this.db = openReadableIndex(root);
    this.sql = connectionOf(this.db);
    try {
      prepare?.(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    // SQLite has no time zones: the day of an instant in a zone comes from Intl.
    this.sql.function('local_day', { deterministic: true }, (iso: unknown, tz: unknown) =>
      typeof iso === 'string' && typeof tz === 'string' ? (localDay(iso, tz) ?? null) : null,
    );
  }

  list(filters: ListFilters = {}): ArchivedSummary[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filters.workspace) {
      where.push('workspace = ?');
      params.push(filters.workspace);
    }
    if (filters.instance) {
      where.push('instance = ?');
      params.push(filters.instance);
    }
    if (filters.date) {
      where.push(filters.date === 'undated' ? `${DATED_AT} IS NULL` : `local_day(${DATED_AT}, ?) = ?`);
      if (filters.date !== 'undated') params.push(filters.timeZone ?? systemTimeZone(), filters.date);
    }
    if (filters.agent) {
      where.push('agent = ?');
      params.push(filters.agent);
    }
    if (filters.parentId) {
      where.push('parent_id = ?');
      params.push(filters.parentId);
    }
    if (filters.topLevel) where.push('parent_id IS NULL');
    if (filters.since) {
      where.push('COALESCE(ended_at, started_at) >= ?');
      params.push(filters.since);
    }
    const sql = `SELECT *, ${liveColumn()} AS live FROM conversations ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${DATED_AT} IS NULL, ${DATED_AT} DESC, id ${filters.limit ? 'LIMIT ?' : ''}`;
    if (filters.limit) params.push(filters.limit);
    return (this.sql.prepare(sql).all(...params) as ConversationRow[]).map(summaryFromRow);
  }

  /** Workspaces → instances → local dates with counts, most recent first, undated last. */
  tree(agent?: string, timeZone: string = systemTimeZone()): TreeWorkspace[] {
    const rows = this.sql
      .prepare(
        `SELECT workspace, instance, COALESCE(local_day(${DATED_AT}, ?), 'undated') AS date, COUNT(*) AS n, MAX(${DATED_AT}) AS latest
         FROM conversations ${agent ? 'WHERE agent = ?' : ''}
         GROUP BY workspace, instance, date ORDER BY latest IS NULL, latest DESC`,
      )
      .all(timeZone, ...(agent ? [agent] : [])) as { workspace: string; instance: string; date: string; n: number }[];
    const workspaces = new Map<string, { count: number; instances: Map<string, { count: number; dates: { date: string; count: number }[] }> }>();
    for (const r of rows) {
      const ws = workspaces.get(r.workspace) ?? { count: 0, instances: new Map() };
      workspaces.set(r.workspace, ws);
      const inst = ws.instances.get(r.instance) ?? { count: 0, dates: [] };
      ws.instances.set(r.instance, inst);
      ws.count += r.n;
      inst.count += r.n;
      inst.dates.push({ date: r.date, count: r.n });
    }
    return [...workspaces].map(([workspace, ws]) => ({
      workspace,
      count: ws.count,
      instances: [...ws.instances].map(([instance, inst]) => ({ instance, count: inst.count, dates: inst.dates })),
    }));
  }

  /** Find a conversation by id, or by a unique prefix of it, or by its native id. */
  resolveId(idOrPrefix: string): string {
    const exact = this.sql.prepare('SELECT id FROM conversations WHERE id = ?').get(idOrPrefix) as { id: string } | undefined;
    if (exact) return exact.id;
    const like = `${idOrPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = this.sql
      .prepare("SELECT id FROM conversations WHERE id LIKE ? ESCAPE '\\' OR native_id LIKE ? ESCAPE '\\' LIMIT 6")
      .all(like, like) as { id: string }[];
    if (rows.length === 1) return rows[0].id;
    if (rows.length === 0) throw new ConversationNotFoundError(`no conversation matches "${idOrPrefix}"`);
    throw new AmbiguousIdError(`"${idOrPrefix}" matches several conversations: ${rows.map((r) => r.id).join(', ')}`);
  }

  summary(id: string): ArchivedSummary {
    const row = this.sql.prepare(`SELECT *, ${liveColumn()} AS live FROM conversations WHERE id = ?`).get(this.resolveId(id)) as ConversationRow;
    return summaryFromRow(row);
  }

  /** The index row of a conversation, by id or a unique prefix (throws ConversationNotFoundError). */
  row(id: string): ConversationRow {
    return this.sql.prepare('SELECT * FROM conversations WHERE id = ?').get(this.resolveId(id)) as ConversationRow;
  }

  stats(): ArchiveStats {
    const totals = this.sql
      .prepare(
        'SELECT COUNT(*) AS conversations, COALESCE(SUM(message_count), 0) AS messages, COALESCE(SUM(prompt_count), 0) AS prompts, COALESCE(SUM(source_deleted), 0) AS deleted, COALESCE(SUM(blob_bytes), 0) AS bytes FROM conversations',
      )
      .get() as { conversations: number; messages: number; prompts: number; deleted: number; bytes: number };
    const byAgent: Record<string, number> = {};
    for (const r of this.sql.prepare('SELECT agent, COUNT(*) AS n FROM conversations GROUP BY agent ORDER BY agent').all() as { agent: string; n: number }[]) {
      byAgent[r.agent] = r.n;
    }
    const keptByAgent: Record<string, number> = {};
    for (const r of this.sql.prepare('SELECT agent, COUNT(*) AS n FROM conversations WHERE source_deleted = 1 GROUP BY agent ORDER BY agent').all() as { agent: string; n: number }[]) {
      keptByAgent[r.agent] = r.n;
    }
    return {
      conversations: totals.conversations,
      messages: totals.messages,
      prompts: totals.prompts,
      sourceDeleted: totals.deleted,
      blobBytes: totals.bytes,
      byAgent,
      keptByAgent,
    };
  }

  close(): void {
    this.db.close();
  }
}
