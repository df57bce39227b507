/**
 * Where the archive lives and how conversation blobs are named inside it. Every name that
 * comes from a transcript (workspace, instance, id) is sanitized, and every path is checked
 * to stay inside the archive root: nothing is ever written outside it.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** The archive folder shared by the app and the CLI: DEJAVU_HOME, else the per-user data folder. */
export function archiveRoot(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.DEJAVU_HOME) return path.resolve(env.DEJAVU_HOME);
  const home = env.HOME ?? os.homedir();
  switch (platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'dejavu');
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'dejavu');
    default:
      return path.join(env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'dejavu');
  }
}

/** Names the archive itself uses at its top level. */
const ARCHIVE_OWN = new Set(['index.db', 'index.db-wal', 'index.db-shm', 'index.db-journal', 'search.db', 'search.db-wal', 'search.db-shm', 'search.db-journal', 'sync.lock', 'captures', 'lost+found']);
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** One path segment safe on every OS: no separators, no control characters, no dot names. */
export function safeSegment(name: string, fallback = 'unknown'): string {
  let s = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '_')
    .replace(/[. ]+$/, '');
  if (!s) s = fallback;
  if (WINDOWS_RESERVED.test(s) || ARCHIVE_OWN.has(s.toLowerCase())) s = `_${s}`;
  // Keep names short enough for every file system (255 bytes), counting UTF-8 bytes.
  while (Buffer.byteLength(s) > 100) s = s.slice(0, -1);
  return s;
}

export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError';
}

/** Resolve `relative` under `root`, refusing anything that would land outside it. */
export function insideRoot(root: string, relative: string): string {
  const resolved = path.resolve(root, relative);
  const rel = path.relative(root, resolved);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new UnsafePathError(`refusing to write outside the archive: ${relative}`);
  return resolved;
}

/** The copy of a conversation a blob holds: 0 the whole record, 1 or 2 a retention stage's. */
export type BlobStage = 0 | 1 | 2;

/** The blob path of a conversation, relative to the archive root, always with `/`. */
export function blobRelativePath(c: { workspace: string; instance: string; agent: string; id: string }, stage: BlobStage = 0): string {
  const suffix = stage === 0 ? '.pb' : `.r${stage}.pb`;
  return [safeSegment(c.workspace), safeSegment(c.instance, 'host'), safeSegment(c.agent), `${blobStem(c.id)}${suffix}`].join('/');
}

/** Ids never contain it (they are `[A-Za-z0-9._-]`), so only a stem with a digest has it. */
const DIGEST_MARK = '~';
const DIGEST_CHARS = 24;

/**
 * A conversation's file name without its suffix: the id itself when it is a safe, short name;
 * else (cut, changed by sanitizing, holding the mark, or ending like a retention suffix) a
 * readable prefix, the mark and a digest of the whole id. Two ids never get the same stem, so
 * two conversations never share a file, whatever their workspace and instance folders.
 */
export function blobStem(id: string): string {
  const plain = safeSegment(id);
  if (plain === id && !id.includes(DIGEST_MARK) && !/\.r\d+$/.test(id)) return id;
  const digest = createHash('sha256').update(id).digest('hex').slice(0, DIGEST_CHARS);
  const prefix = [...plain]; // whole code points: a cut never splits a character
  while (Buffer.byteLength(prefix.join('')) > 100 - 1 - DIGEST_CHARS) prefix.pop();
  return `${prefix.join('')}${DIGEST_MARK}${digest}`;
}

export const INDEX_FILE = 'index.db';
export const LOCK_FILE = 'sync.lock';
