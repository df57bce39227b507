/**
 * The one place "store, then index, then digest" is wired: search indexing and digests subscribe
 * to a writer's change feed. Every commit's conversations go to the search indexer (inline, or
 * through the sink a run chooses) and stored records get their digest while still in memory;
 * `settle` catches both up from the durable index rows (what a crash or a deferred run left).
 */
import type { ArchiveChange, WritableArchive } from '../archive/changes';
import { analyzePending, type AnalyzeReport, digestStored } from '../retention/analyze';
import { catchUpInThread, type IndexSink, inlineIndexSink } from '../search/index-sink';
import { indexPiecesOf, SearchIndexer } from '../search/indexer';

export interface WriteFollowers {
  /**
   * Index the next commits through `sink` (a worker thread, or one that drops rows so `settle`
   * indexes from the blobs) instead of inline. The function returned waits for the sink to
   * finish and goes back to inline indexing.
   */
  indexThrough(sink: IndexSink): () => Promise<void>;
  /**
   * Leave the next commits' search rows to `settle`, which indexes them from the blobs: none are
   * made meanwhile (making them is a large part of a capture's CPU). `waiting`: conversations
   * stored since, not yet searchable; `end` goes back to inline indexing.
   */
  deferIndexing(): { waiting(): number; end(): void };
  /**
   * Finish interrupted eviction steps, digest what has no current digest, index what search lacks:
   * with `indexerWorker` (the indexer thread's script) in a thread, so a large catch-up (a
   * search.db a migration rebuilt is the whole archive) leaves the caller's thread free.
   */
  settle(options?: { readonly indexerWorker?: string }): Promise<AnalyzeReport>;
  close(): void;
}

export function followWrites(archive: WritableArchive): WriteFollowers {
  let inline: IndexSink | undefined;
  let routed: IndexSink | undefined;
  let deferred: number | undefined;
  const sink = () => routed ?? (inline ??= inlineIndexSink(archive.root));
  archive.changes.subscribe(async (change: ArchiveChange) => {
    // A new revision's digest, from the record in memory (a thinned thread keeps its digest).
    if (change.kind === 'stored') digestStored(archive, change.conversations);
    if (deferred !== undefined) {
      deferred += change.conversations.length;
      return;
    }
    // A huge conversation's rows in pieces: made and handed over one at a time.
    for (const items of indexPiecesOf(change.conversations)) await sink().post(items);
  });
  return {
    indexThrough(next) {
      routed = next;
      return async () => {
        routed = undefined;
        await next.finish();
      };
    },
    deferIndexing() {
      deferred = 0;
      return {
        waiting: () => deferred ?? 0,
        end: () => void (deferred = undefined),
      };
    },
    async settle(options = {}) {
      const report = await analyzePending(archive);
      if (options.indexerWorker) await catchUpInThread(archive.root, options.indexerWorker);
      // Here: whatever is left (nothing, after the thread).
      const indexer = new SearchIndexer(archive.root);
      try {
        indexer.catchUp(archive.root, archive.db);
      } finally {
        indexer.close();
      }
      return report;
    },
    close() {
      void inline?.finish();
      inline = undefined;
    },
  };
}
