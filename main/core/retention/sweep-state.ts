/**
 * The size a sweep counts the archive at, kept in the index and saved in the same transaction
 * that commits each batch of steps. A sweep measures the archive once, then subtracts each
 * step's estimate; the search.db pages its steps free are only given back by the compaction at
 * its end. So a sweep killed before that end leaves a disk that still holds them (tombstones,
 * write-ahead log): measuring it again would count gigabytes that are already freed and take
 * conversations a stage further than an uninterrupted sweep would. Instead the next sweep
 * resumes the killed one's count, and so ends exactly where it would have ended.
 */
import type { IndexDb } from '../archive/db';

const KEY = 'retention.sweep';

interface SweepState {
  readonly runId: string;
  /** What the archive held when the count was taken: a store since makes the count stale. */
  readonly archive: string;
  readonly size: number;
}

/** Changes when a conversation is stored or added; eviction steps leave it as it is. */
function fingerprint(db: IndexDb): string {
  const r = db.prepare('SELECT COUNT(*) AS n, COALESCE(MAX(seq), 0) AS seq, COALESCE(SUM(revision), 0) AS revisions FROM conversations').get() as { n: number; seq: number; revisions: number };
  return `${r.n}:${r.seq}:${r.revisions}`;
}

/** The count a killed sweep left, if nothing was stored since. */
export function unfinishedSweepSize(db: IndexDb): number | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!row) return undefined;
  try {
    const state = JSON.parse(row.value) as SweepState;
    return state.archive === fingerprint(db) && Number.isFinite(state.size) ? state.size : undefined;
  } catch {
    return undefined;
  }
}

/** Save the count (at the start of a sweep, then inside each batch's commit transaction). */
export function saveSweepSize(db: IndexDb, runId: string, size: number): void {
  const state: SweepState = { runId, archive: fingerprint(db), size };
  const now = new Date().toISOString();
  db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at').run(KEY, JSON.stringify(state), now);
}

/** The sweep finished (its compaction done): the next one measures the disk afresh. */
export function endSweep(db: IndexDb): void {
  db.prepare('DELETE FROM settings WHERE key = ?').run(KEY);
}
