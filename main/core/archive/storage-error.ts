/**
 * The archive's own storage failing under a command: its disk is full, or its folder is
 * read-only. Told the same way everywhere: which folder, why, and what to do about it.
 */
import { accessSync, constants, statfsSync } from 'node:fs';

/** A failure already told in full (which folder, why, what to do). */
export class ArchiveStorageError extends Error {
  override readonly name = 'ArchiveStorageError';
}

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const DENIED_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'SQLITE_CANTOPEN', 'SQLITE_PERM']);

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** True for "no space left" from the file system or from SQLite (also when it crossed a thread as text). */
export function isDiskFull(err: unknown): boolean {
  const message = (err as { message?: unknown } | null)?.message;
  return DISK_FULL_CODES.has(codeOf(err)) || (typeof message === 'string' && /database or disk is full|no space left on device/i.test(message));
}

/** True when the archive folder cannot be written and the error is a write refused for that. */
export function isReadOnlyFailure(err: unknown, root: string): boolean {
  const code = codeOf(err);
  return (code.startsWith('SQLITE_READONLY') || DENIED_CODES.has(code)) && !writable(root);
}

export function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** What to do with a read-only archive folder, said the same way by every message about it. */
export function makeWritableHint(root: string): string {
  return `make it writable (chmod -R u+w "${root}", or remount it read-write) or copy the archive somewhere writable and pass --archive`;
}

/** Which folder, why and what to do, for a disk-full or read-only failure; undefined for any other error. */
export function storageFailureMessage(err: unknown, root: string): string | undefined {
  if (err instanceof ArchiveStorageError) return err.message;
  const detail = (err as Error).message;
  if (isDiskFull(err)) {
    return `no space left on the disk holding the archive ${root} (${freeSpace(root)}; ${detail}). What was archived before is intact: free some space on that disk, then run the command again.`;
  }
  if (isReadOnlyFailure(err, root)) {
    return `the archive folder ${root} is read-only (${detail}), so this command cannot write to it: ${makeWritableHint(root)}. Reading it (list, show, search, stats, mcp, serve --no-sync) works as it is.`;
  }
  return undefined;
}

function freeSpace(root: string): string {
  try {
    const fs = statfsSync(root);
    return `${Math.round((fs.bavail * fs.bsize) / 1024)} KB free`;
  } catch {
    return 'free space unknown';
  }
}
