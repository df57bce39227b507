/**
 * The archive's own storage failing under a command: its disk is full, or its folder is
 * read-only. Told the same way everywhere: which folder, why, and what to do about it.
 */
import { statfsSync } from 'node:fs';

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** True for "no space left" from the file system or from SQLite (also when it crossed a thread as text). */
export function isDiskFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (typeof e?.code === 'string' && DISK_FULL_CODES.has(e.code)) || (typeof e?.message === 'string' && /database or disk is full|no space left on device/i.test(e.message));
}

/** Why and what to do when the archive's disk is full; undefined for any other error. */
export function diskFullMessage(err: unknown, root: string): string | undefined {
  if (!isDiskFull(err)) return undefined;
  return `no space left on the disk holding the archive ${root} (${freeSpace(root)}; ${(err as Error).message}). What was archived before is intact: free some space on that disk, then run the command again.`;
}

function freeSpace(root: string): string {
  try {
    const fs = statfsSync(root);
    return `${Math.round((fs.bavail * fs.bsize) / 1024)} KB free`;
  } catch {
    return 'free space unknown';
  }
}
