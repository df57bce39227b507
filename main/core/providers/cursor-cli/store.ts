/**
 * The Cursor CLI chat store `~/.cursor/chats/<md5(cwd)>/<chatId>/store.db` (SQLite):
 * - `meta(key, value)`: row `0` holds hex-encoded JSON `{agentId, latestRootBlobId, name, mode,
 *   createdAt, lastUsedModel}`;
 * - `blobs(id, data)`: content-addressed (id = sha256 of data). Messages are UTF-8 JSON
 *   `{role, content}` in the AI SDK shape; the root blob (protobuf) lists them in order.
 * Opened read-only, read in one go, closed at once: Cursor may be writing to it.
 */
import Database from 'better-sqlite3';
import type { CursorBuilder } from './builder';
import { isObject, obj, shortError, str, type Json } from '../kit/json';
import { isoFromMs } from './meta';
import { bytesFields, toHex } from './protobuf';
import { parseJson } from '../kit/parse-json';

export interface StoreInfo {
  agentId?: string;
  name?: string;
  createdAt?: string;
  model?: string;
  mode?: string;
  /** From the root blob's workspace URI (`file:///…`). */
  cwd?: string;
}

interface Row {
  readonly id: string;
  readonly data: Buffer | string | null;
}

export function readStore(file: string, b: CursorBuilder): StoreInfo | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const info = readMeta(db.prepare('SELECT key, value FROM meta').all() as { key: string; value: unknown }[]);
    const rootId = info.latestRootBlobId;
    const getBlob = db.prepare('SELECT id, data FROM blobs WHERE id = ?');
    const root = rootId ? (getBlob.get(rootId) as Row | undefined) : undefined;
    const order = root ? rootOrder(bufferOf(root.data), info) : undefined;
    if (order) {
      order.forEach((id, i) => {
        const row = getBlob.get(id) as Row | undefined;
        if (!row) b.warn(undefined, `Message blob ${id.slice(0, 12)}… listed by the root is missing; skipped`);
        else messageBlob(b, row, i);
      });
    } else {
      // No readable root: keep every message blob, in storage order, and say so.
      b.warn(undefined, 'Chat store root blob missing or unreadable; messages shown in storage order');
      const rows = db.prepare('SELECT id, data FROM blobs ORDER BY rowid').all() as Row[];
      rows.forEach((row, i) => messageBlob(b, row, i, true));
    }
    return info;
  } catch (error) {
    b.warn(undefined, `Cursor chat store could not be read: ${shortError(error)}`);
    return undefined;
  } finally {
    db?.close();
  }
}

function readMeta(rows: { key: string; value: unknown }[]): StoreInfo & { latestRootBlobId?: string } {
  const out: StoreInfo & { latestRootBlobId?: string } = {};
  for (const row of rows) {
    const text = typeof row.value === 'string' ? row.value : Buffer.isBuffer(row.value) ? row.value.toString('utf8') : '';
    let meta: Json | undefined;
    if (/^(?:[0-9a-fA-F]{2})+$/.test(text)) {
      try {
        meta = obj(parseJson(Buffer.from(text, 'hex').toString('utf8')));
      } catch {
        meta = undefined;
      }
    }
    if (meta) {
      out.agentId ??= str(meta.agentId);
      out.latestRootBlobId ??= str(meta.latestRootBlobId);
      out.name ??= str(meta.name);
      out.mode ??= str(meta.mode);
      out.model ??= str(meta.lastUsedModel);
      out.createdAt ??= isoFromMs(meta.createdAt);
    } else if (row.key === 'name') out.name ??= text;
    else if (row.key === 'latestRootBlobId') out.latestRootBlobId ??= text;
  }
  return out;
}

function rootOrder(data: Buffer | undefined, info: StoreInfo): string[] | undefined {
  if (!data) return undefined;
  const fields = bytesFields(data);
  if (!fields) return undefined;
  const ids = fields.filter((f) => f.field === 1 && f.value.length === 32).map((f) => toHex(f.value));
  const workspace = fields.find((f) => f.field === 9);
  if (workspace) {
    const uri = Buffer.from(workspace.value).toString('utf8');
    if (uri.startsWith('file://')) {
      try {
        info.cwd = decodeURIComponent(new URL(uri).pathname);
      } catch {
        // not a URI after all
      }
    }
  }
  return ids.length ? ids : undefined;
}

function messageBlob(b: CursorBuilder, row: Row, index: number, lenient = false): void {
  const data = bufferOf(row.data);
  const text = data ? data.toString('utf8') : '';
  let message: unknown;
  try {
    message = parseJson(text, (note) => b.warn(undefined, `Message blob ${row.id.slice(0, 12)}…: ${note}`));
  } catch {
    if (!lenient) b.warn(undefined, `Message blob ${row.id.slice(0, 12)}… is not JSON; skipped`);
    return;
  }
  if (!isObject(message) || typeof message.role !== 'string') {
    if (!lenient) b.warn(undefined, `Message blob ${row.id.slice(0, 12)}… has no role; skipped`);
    return;
  }
  b.message({ key: `M${index}`, raw: text }, message.role, message.content);
}

function bufferOf(data: Buffer | string | null): Buffer | undefined {
  if (data === null || data === undefined) return undefined;
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}
