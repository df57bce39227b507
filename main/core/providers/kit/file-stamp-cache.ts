/**
 * What a provider works out from a file beside the session (a parent rollout, a title index, a
 * state database), kept while that file is unchanged and built again when it changes. At most
 * `limit` files are kept, the least recently used let go first: the app runs for weeks and
 * would otherwise keep every such file it ever looked at.
 */
import { statSync } from 'node:fs';

/** Size and mtime of `file` and of its SQLite WAL if it has one; undefined when it cannot be stat'ed. */
export function fileStamp(file: string): string | undefined {
  try {
    const s = statSync(file);
    let wal = '';
    try {
      const w = statSync(`${file}-wal`);
      wal = `${w.size}:${w.mtimeMs}`;
    } catch {
      // no WAL: the file is the whole of it
    }
    return `${s.size}:${s.mtimeMs}:${wal}`;
  } catch {
    return undefined;
  }
}

export class FileStampCache<T> {
  private readonly entries = new Map<string, { readonly stamp: string; readonly value: T }>();

  constructor(private readonly limit: number) {}

  /** The value for `file` as it is now (`build` runs when it is new or changed); undefined when the file is gone or `build` gives nothing. */
  get(file: string, build: () => T | undefined): T | undefined {
    const stamp = fileStamp(file);
    if (stamp === undefined) return undefined;
    const hit = this.entries.get(file);
    this.entries.delete(file);
    if (hit?.stamp === stamp) {
      this.entries.set(file, hit);
      return hit.value;
    }
    const value = build();
    if (value === undefined) return undefined;
    this.entries.set(file, { stamp, value });
    // A Map iterates in insertion order, and a hit is inserted again: the first key is the least recently used.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limit) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
