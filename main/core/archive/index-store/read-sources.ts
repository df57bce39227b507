/** The read store of the `sources` table (the writer keeps its own cursors in archive-writer.ts): what verify and the cleanup check read. */
import { connectionOf, type ReadableIndex } from './handle';

export interface SourceCursorRow {
  readonly path: string;
  readonly read_offset: number;
  /** JSON: the ids of the conversations read from it. */
  readonly conversation_ids: string;
}

/** Every source cursor, by path. */
export function sourceCursors(index: ReadableIndex): SourceCursorRow[] {
  return connectionOf(index).prepare('SELECT path, read_offset, conversation_ids FROM sources ORDER BY path').all() as SourceCursorRow[];
}

export interface SourceState {
  readonly size: number;
  readonly mtime_ms: number;
  readonly missing: number;
}

/** A lookup of what the archive last saw of a source file (its size, mtime, whether it was missing). */
export function sourceStateLookup(index: ReadableIndex): (path: string) => SourceState | undefined {
  const cursor = connectionOf(index).prepare('SELECT size, mtime_ms, missing FROM sources WHERE path = ?');
  return (path) => cursor.get(path) as SourceState | undefined;
}
