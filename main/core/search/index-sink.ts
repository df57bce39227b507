/**
 * Where capture hands full-text rows: either indexed on the spot, or by a worker thread that
 * owns search.db, so indexing (the slowest step of a sync) runs on the second core while the
 * next files are parsed. A bounded number of batches may be in flight, so memory stays flat.
 * Asked, the thread also catches search up from the blobs (a sync's last step, a merge's settle),
 * so a rebuild of search.db never holds the caller's thread (the app's main process).
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { openReadableIndex } from '../archive/db';
import { YOUNG_GENERATION_MB } from '../memory';
import { isCompactorThread, runCompactorThread } from './compact-thread';
import { type IndexItem, SearchIndexer } from './indexer';

export interface IndexSink {
  /** Hand over a batch; resolves when there is room for the next one. */
  post(items: readonly IndexItem[]): Promise<void>;
  /** Resolves when every batch handed over is indexed. */
  finish(): Promise<void>;
  /** Conversations handed over and not indexed yet: how far search is behind the archive. */
  waiting(): number;
  /** Characters of row text handed over and not indexed yet (what the queue holds in memory). */
  waitingChars(): number;
}

/**
 * Indexes on the caller's thread. A huge file's rows come this way, a ~2 M-character piece at a
 * time (~0.2 s of CPU each), hundreds in a row: each piece gives the event loop a turn after it,
 * so the app's main process still answers the window (IPC, timers) through them.
 */
export function inlineIndexSink(root: string): IndexSink {
  const indexer = new SearchIndexer(root);
  return {
    async post(items) {
      indexer.index(items);
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async finish() {
      indexer.close();
    },
    waiting: () => 0,
    waitingChars: () => 0,
  };
}

/** The `workerData` role a bundle checks to run as the indexer thread. */
export const INDEXER_ROLE = 'dejavu-search-indexer';
/**
 * How much text may wait for the indexer (characters, 1–2 bytes each, held serialized until the
 * thread takes it). Capture runs ahead of indexing up to this much. Indexing is the slower side
 * of a first sync, so the queue is full most of the time: 8 M characters held ~14 MB more at the
 * peak of a 200 MB sync than 2 M, and 2 M, 3–6 batches, kept the indexer as busy
 * (main/core/search/README.md, "Memory of a sync").
 */
const MAX_QUEUED_CHARS = 2 * 1024 * 1024;

/** The indexer thread: an index sink that can also catch search up from the blobs, off the caller's thread. */
export interface ThreadIndexSink extends IndexSink {
  /**
   * After the batches handed over: the thread indexes, from the blobs, every conversation search
   * lacks (SearchIndexer.catchUp), and `waiting()` counts those left. Resolves with how many there were.
   */
  catchUp(): Promise<number>;
}

/** What the indexer thread says back. */
type ThreadMessage =
  | { type: 'ack' }
  | { type: 'catching-up'; left: number }
  | { type: 'caught-up'; conversations: number }
  | { type: 'done' }
  | { type: 'error'; message: string; code?: string };

/** `onIndexed`: told after each batch the thread has indexed, its catch-up's too (progress: search catching up). */
export function threadIndexSink(root: string, workerFile: string, onIndexed?: () => void): ThreadIndexSink {
  const worker = new Worker(workerFile, { workerData: { role: INDEXER_ROLE, root }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const queued: { chars: number; items: number }[] = [];
  let queuedChars = 0;
  let queuedItems = 0;
  /** Conversations the catch-up running in the thread has left. */
  let catchingUp = 0;
  let failure: Error | undefined;
  let room: (() => void) | undefined;
  let caughtUp: ((err?: Error, conversations?: number) => void) | undefined;
  let finished: ((err?: Error) => void) | undefined;
  let done = false;
  // A failed indexer can do no more: end its thread, or it keeps the process alive forever.
  const fail = (err: Error) => {
    failure ??= err;
    catchingUp = 0; // nothing more will be caught up: not "N conversations to go" any longer
    void worker.terminate();
    room?.();
    caughtUp?.(failure);
    finished?.(failure);
  };
  worker.on('message', (msg: ThreadMessage) => {
    if (msg.type === 'ack') {
      const batch = queued.shift();
      queuedChars -= batch?.chars ?? 0;
      queuedItems -= batch?.items ?? 0;
      room?.();
      room = undefined;
      onIndexed?.();
    } else if (msg.type === 'catching-up') {
      catchingUp = msg.left;
      onIndexed?.();
    } else if (msg.type === 'caught-up') {
      catchingUp = 0;
      caughtUp?.(undefined, msg.conversations);
    } else if (msg.type === 'done') {
      done = true;
      // Finished once the thread is gone, its isolate and heap with it (a huge file is read next).
      void worker.terminate().then(() => finished?.());
    } else fail(Object.assign(new Error(`search indexing failed: ${msg.message}`), { code: msg.code }));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!done) fail(new Error(`search indexer stopped with code ${code}`));
  });
  return {
    async post(items) {
      if (failure) throw failure;
      const chars = items.reduce((n, item) => n + item.rows.reduce((m, r) => m + r.text.length, 0), 0);
      queued.push({ chars, items: items.length });
      queuedChars += chars;
      queuedItems += items.length;
      worker.postMessage({ type: 'items', items });
      while (queuedChars > MAX_QUEUED_CHARS && !failure) await new Promise<void>((resolve) => (room = resolve));
      if (failure) throw failure;
    },
    catchUp() {
      return new Promise<number>((resolve, reject) => {
        caughtUp = (err, conversations) => {
          caughtUp = undefined;
          if (err) reject(err);
          else resolve(conversations ?? 0);
        };
        if (failure) return fail(failure);
        worker.postMessage({ type: 'catch-up' });
      });
    },
    finish() {
      return new Promise<void>((resolve, reject) => {
        finished = (err) => (err ? reject(err) : resolve());
        if (failure) return fail(failure);
        worker.postMessage({ type: 'finish' });
      });
    },
    waiting: () => queuedItems + catchingUp,
    waitingChars: () => queuedChars,
  };
}

/**
 * A catch-up alone, in an indexer thread started for it (a merge's `settle` in the app): the
 * caller's thread stays free. Resolves with how many conversations it indexed.
 */
export async function catchUpInThread(root: string, workerFile: string): Promise<number> {
  const sink = threadIndexSink(root, workerFile);
  try {
    return await sink.catchUp();
  } finally {
    await sink.finish();
  }
}

/** True when this thread was started by threadIndexSink as the indexer, or by compactInThread (its script is the indexer's). */
export function isIndexerThread(): boolean {
  return (parentPort !== null && (workerData as { role?: string } | null)?.role === INDEXER_ROLE) || isCompactorThread();
}

/** The indexer thread's loop: index each batch, acknowledge it, catch up when asked, close on finish. */
export function runIndexerThread(): void {
  if (isCompactorThread()) return runCompactorThread();
  const port = parentPort!;
  const { root } = workerData as { root: string };
  // A sync's thread: it ends with the sync, so a large one may index in bulk (indexer.ts).
  const indexer = new SearchIndexer(root, { bulk: true });
  port.on('message', (msg: { type: 'items'; items: IndexItem[] } | { type: 'catch-up' } | { type: 'finish' }) => {
    try {
      if (msg.type === 'items') {
        indexer.index(msg.items);
        port.postMessage({ type: 'ack' });
      } else if (msg.type === 'catch-up') {
        const conversations = catchUpHere(indexer, root, (left) => port.postMessage({ type: 'catching-up', left }));
        port.postMessage({ type: 'caught-up', conversations });
      } else {
        indexer.close();
        port.postMessage({ type: 'done' });
        port.close(); // lets the thread end
      }
    } catch (err) {
      // The code (SQLITE_FULL, …) tells the writer a full disk from a bug.
      port.postMessage({ type: 'error', message: (err as Error).message, code: (err as { code?: unknown }).code });
    }
  });
}

/**
 * The catch-up, on the thread: index.db through a reader's connection of its own (SQLite refuses
 * a write on it), which sees every commit the writer made before asking; the blobs one at a time.
 */
function catchUpHere(indexer: SearchIndexer, root: string, onLeft: (left: number) => void): number {
  const index = openReadableIndex(root);
  try {
    return indexer.catchUp(root, index, onLeft);
  } finally {
    index.close();
  }
}
