/**
 * search.db's compaction (the end of an applied eviction sweep) on a thread of its own, started
 * from the indexer thread's script. Converting an older search.db to incremental auto-vacuum
 * rewrites the whole file — 17 s at a million messages — and on the app's main process that froze
 * the window for as long; on this thread the main process goes on answering it.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { compactSearchDb } from './compact-search';

/** The `workerData` role the indexer thread's script checks to compact search.db instead. */
export const COMPACTOR_ROLE = 'dejavu-search-compactor';

type CompactorMessage = { type: 'compacted' } | { type: 'error'; message: string; code?: string };

/** Compacts search.db in a thread running `workerFile` (the indexer thread's script); resolves once it has ended. */
export function compactInThread(root: string, workerFile: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: { role: COMPACTOR_ROLE, root } });
    let failure: Error | undefined;
    let compacted = false;
    worker.on('message', (msg: CompactorMessage) => {
      if (msg.type === 'compacted') compacted = true;
      else failure = Object.assign(new Error(`compacting search.db failed: ${msg.message}`), { code: msg.code });
    });
    worker.on('error', (err) => (failure ??= err));
    worker.on('exit', (code) => {
      if (compacted && !failure) resolve();
      else reject(failure ?? new Error(`the search.db compactor stopped with code ${code}`));
    });
  });
}

export function isCompactorThread(): boolean {
  return parentPort !== null && (workerData as { role?: string } | null)?.role === COMPACTOR_ROLE;
}

/** The compactor thread: compact, say so (or say why not), and end. */
export function runCompactorThread(): void {
  const port = parentPort!;
  const { root } = workerData as { root: string };
  // Nothing else runs on this thread: the merge steps need not yield between them.
  compactSearchDb(root, () => Promise.resolve())
    .then(
      () => port.postMessage({ type: 'compacted' } satisfies CompactorMessage),
      (err: unknown) => port.postMessage({ type: 'error', message: (err as Error).message, code: (err as { code?: string }).code } satisfies CompactorMessage),
    )
    .finally(() => port.close());
}
