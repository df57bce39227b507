/**
 * A cheap fingerprint of what a source file held up to a byte offset: its first and its last
 * 4 KiB before that offset. Equal fingerprints at the old offset mean the file only grew since
 * (an agent appending); a shorter file or changed bytes mean it was truncated or rewritten.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';

const WINDOW = 4096;

/** undefined when nothing was read as bytes (an SQLite store) or the file cannot be read. */
export function sourceFingerprint(filePath: string, offset: number): string | undefined {
  if (offset <= 0) return undefined;
  let fd: number;
  try {
    fd = openSync(filePath, 'r');
  } catch {
    return undefined;
  }
  try {
    const hash = createHash('sha256');
    const head = Buffer.alloc(Math.min(WINDOW, offset));
    if (readSync(fd, head, 0, head.length, 0) !== head.length) return undefined;
    hash.update(head);
    const tailStart = Math.max(head.length, offset - WINDOW);
    const tail = Buffer.alloc(offset - tailStart);
    if (tail.length && readSync(fd, tail, 0, tail.length, tailStart) !== tail.length) return undefined;
    hash.update(tail);
    return `${offset}:${hash.digest('hex').slice(0, 32)}`;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
