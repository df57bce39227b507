/**
 * Where the archive lives and how conversation blobs are named inside it. Every name that
 * comes from a transcript (workspace, instance, id) is sanitized, and every path is checked
 * to stay inside the archive root: nothing is ever written outside it.
 */
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
const ARCHIVE_OWN = new Set(['index.db', 'index.db-wal', 'index.db-shm', 'index.db-journal', 'search.db', 'search.db-wal', 'search.db-shm', 'search.db-journal', 'sync.lock', 'captures']);
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

/** The blob path of a conversation, relative to the archive root, always with `/`. */
export function blobRelativePath(c: { workspace: string; instance: string; agent: string; id: string }): string {
  return [safeSegment(c.workspace), safeSegment(c.instance, 'host'), safeSegment(c.agent), `${safeSegment(c.id)}.pb`].join('/');
}

export const INDEX_FILE = 'index.db';
export const LOCK_FILE = 'sync.lock';
