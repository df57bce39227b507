/**
 * The archive's size on disk: every file under its folder, but SQLite's shared-memory files
 * (`-shm`: an index of the write-ahead log, no data, there while a connection is open or after
 * one was killed) and the writer lock (its size follows the writer's pid). A sweep counts the
 * archive once and plans from that figure, so it must not depend on which process has which
 * database open, nor on what a killed one left open: a rerun then plans as an uninterrupted run.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE } from './paths';

export function archiveDiskBytes(root: string): number {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(root, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = path.join(root, e.name);
    if (e.isDirectory()) total += archiveDiskBytes(p);
    else if (e.isFile() && !e.name.endsWith('-shm') && e.name !== LOCK_FILE) total += statSync(p).size;
  }
  return total;
}
