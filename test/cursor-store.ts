/** A Cursor CLI chat store (`store.db`) written for tests, in the layout from source. */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * No real chat store could be found (PROVENANCE "Gaps"). This builds a minimal one following the
 * layout public readers of `~/.cursor/chats/<md5(cwd)>/<chatId>/store.db` document and test
 * (chenhg5/tape internal/source/cursor loader test; the Cursor CLI bundle's
 * SQLiteBlobStoreWithMetadata): `meta(key,value)` with hex-encoded JSON in row `0`, `blobs(id,data)`
 * content-addressed by sha256, AI-SDK-shaped JSON messages, and a protobuf root whose field 1
 * lists the message blob ids and field 9 holds the workspace URI.
 */
export function buildStore(dir: string, messages: object[], opts: { root?: 'ok' | 'missing'; dropMessage?: number } = {}): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'store.db');
  const db = new Database(file);
  db.exec('CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);');
  const insert = db.prepare('INSERT OR IGNORE INTO blobs (id, data) VALUES (?, ?)');
  const field = (n: number, payload: Buffer) => Buffer.concat([Buffer.from([(n << 3) | 2, payload.length]), payload]);
  const ids: Buffer[] = [];
  messages.forEach((m, i) => {
    const data = Buffer.from(JSON.stringify(m));
    const id = createHash('sha256').update(data).digest();
    ids.push(id);
    if (i !== opts.dropMessage) insert.run(id.toString('hex'), data);
  });
  const root = Buffer.concat([...ids.map((id) => field(1, id)), field(9, Buffer.from('file:///home/ada/My%20Project'))]);
  const rootId = createHash('sha256').update(root).digest('hex');
  if (opts.root !== 'missing') insert.run(rootId, root);
  const meta = { agentId: path.basename(dir), latestRootBlobId: rootId, name: 'Fix flaky build', mode: 'default', createdAt: 1781256145540, lastUsedModel: 'gpt-5' };
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('0', Buffer.from(JSON.stringify(meta)).toString('hex'));
  db.close();
  return file;
}

