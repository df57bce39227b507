/**
 * The running count of an ingest, told to whoever watches it (the CLI's bar, the app's status
 * bar): files and bytes looked at, conversations stored (and which, since the last report, so a
 * list can show them before the sync ends), and how far search is behind.
 */
import type { SyncProgress } from '../../../shared/sync-progress';

export interface IngestProgress extends SyncProgress {
  /** The file looked at last (while only search is catching up, still the last one read). */
  readonly path: string;
  /** Conversations committed since the previous report, new or changed: browsable already. */
  readonly stored: readonly string[];
}

export class IngestProgressCounter {
  private done = 0;
  private bytesDone = 0;
  private conversations = 0;
  private path = '';
  private fresh: string[] = [];
  /** Conversations handed to search and not indexed yet (set once the sink is known). */
  waiting: () => number = () => 0;

  constructor(
    private readonly total: number,
    private readonly bytesTotal: number,
    private readonly listener: ((p: IngestProgress) => void) | undefined,
  ) {}

  /** One more file looked at (read, unchanged or unreadable), of `bytes`. */
  looked(path: string, bytes: number): void {
    this.done += 1;
    this.bytesDone += bytes;
    this.path = path;
  }

  /** A commit stored these conversations. */
  stored(ids: readonly string[]): void {
    this.conversations += ids.length;
    this.fresh.push(...ids);
  }

  report(): void {
    if (!this.listener) return;
    const stored = this.fresh;
    this.fresh = [];
    const { done, total, bytesDone, bytesTotal, conversations, path } = this;
    this.listener({ done, total, bytesDone, bytesTotal, conversations, unindexed: this.waiting(), path, stored });
  }
}
