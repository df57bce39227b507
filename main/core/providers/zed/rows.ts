/**
 * Reads the `threads` table of Zed's `threads.db` (crates/agent/src/db.rs): `id`, `summary`
 * (the title), `updated_at` (RFC 3339), `data_type` (`json` or `zstd`), `data` (the thread
 * JSON, zstd-compressed at level 3 by current Zed), and the columns later versions added:
 * `parent_id` (a subagent's parent thread), `folder_paths` / `folder_paths_order` (the
 * project's folders), `created_at`. Opened read-only, closed before return.
 */
import Database from 'better-sqlite3';
import { shortError } from '../kit/json';

export interface ThreadRow {
  readonly id: string;
  readonly summary?: string;
  readonly updatedAt?: string;
  readonly createdAt?: string;
  readonly dataType: string;
  readonly data: Buffer;
  readonly parentId?: string;
  readonly folderPaths?: string;
  readonly folderPathsOrder?: string;
}

export function readThreadRows(file: string): { rows: ThreadRow[]; error?: string } {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { rows: [], error: `Cannot open Zed threads database read-only: ${shortError(error)}` };
  }
  try {
    const raw = db.prepare('SELECT * FROM threads ORDER BY COALESCE(created_at, updated_at), id').all() as Record<string, unknown>[];
    return { rows: raw.map(toRow) };
  } catch (error) {
    // Older stores lack created_at: order by what every version has.
    try {
      const raw = db.prepare('SELECT * FROM threads ORDER BY updated_at, id').all() as Record<string, unknown>[];
      return { rows: raw.map(toRow) };
    } catch {
      return { rows: [], error: `Cannot read Zed threads database: ${shortError(error)}` };
    }
  } finally {
    db.close();
  }
}

function toRow(r: Record<string, unknown>): ThreadRow {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const data = Buffer.isBuffer(r.data) ? r.data : Buffer.from(typeof r.data === 'string' ? r.data : '');
  return {
    id: String(r.id),
    summary: text(r.summary),
    updatedAt: text(r.updated_at),
    createdAt: text(r.created_at),
    dataType: String(r.data_type ?? ''),
    data,
    parentId: text(r.parent_id),
    folderPaths: text(r.folder_paths),
    folderPathsOrder: text(r.folder_paths_order),
  };
}
