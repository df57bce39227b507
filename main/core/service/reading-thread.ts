/**
 * A reading thread: answers the reading channels (read-channels.ts) off the service's thread,
 * through an ArchiveReader of its own on the same archive. SQLite's WAL lets it read beside the
 * writer, and each statement sees every commit made before it began, so its answers are as
 * fresh as the service's own reader's; it keeps no cache of its own across requests.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Conversation } from '../../../shared/record';
import { ok, type Result } from '../../../shared/result';
import { ArchiveReader } from '../use-cases/open-archive';
import { readConversation } from '../use-cases/show';
import { type ReadChannel, readChannelHandlers, type ReadOptions } from './read-channels';
import { toFailure } from './request-errors';

/** The `workerData` role a bundle checks to run as a reading thread. */
export const READING_ROLE = 'dejavu-reading';

export interface ReadingThreadData extends ReadOptions {
  readonly role: typeof READING_ROLE;
}

/** A request, validated by the service before it is posted. */
export interface ReadingAsk {
  readonly id: number;
  readonly channel: ReadChannel;
  readonly request: unknown;
}

/** The answer, the Result the service would have answered itself (errors mapped by request-errors.ts here, where they were thrown). */
export interface ReadingAnswer {
  readonly id: number;
  readonly result: Result<unknown>;
}

/** Posted once, when the thread has loaded and opened its reader: from then on it answers at once. */
export interface ReadingReady {
  readonly ready: true;
}

/** True when this thread was started as a reading thread by ReadingWorkers. */
export function isReadingThread(): boolean {
  return parentPort !== null && (workerData as { role?: string } | null)?.role === READING_ROLE;
}

/**
 * The reading thread's loop: answer each request in turn. The reader is opened at the start, then
 * the thread says it is ready; one that cannot be opened yet (no archive) is opened at a request,
 * which fails as the service's own would.
 */
export function runReadingThread(): void {
  const port = parentPort!;
  const options = workerData as ReadingThreadData;
  let reader: ArchiveReader | undefined;
  try {
    reader = new ArchiveReader(options.root);
  } catch {
    // Asked again by the first request, whose answer says why.
  }
  port.postMessage({ ready: true } satisfies ReadingReady);
  port.on('message', async (ask: ReadingAsk) => {
    let result: Result<unknown>;
    try {
      reader ??= new ArchiveReader(options.root);
      const handlers = readChannelHandlers({ options, reader, conversation: oneRequestThreads(reader) });
      const handler = handlers[ask.channel] as (req: unknown) => unknown;
      result = ok(await handler(ask.request));
    } catch (err) {
      result = toFailure(err);
    }
    port.postMessage({ id: ask.id, result } satisfies ReadingAnswer);
  });
}

/**
 * Whole conversations for one request (a path's history reads each thread that touched it),
 * each read once. Not kept past the request: a sweep rewrites a thread without a new revision.
 */
function oneRequestThreads(reader: ArchiveReader): (id: string) => Conversation {
  const read = new Map<string, Conversation>();
  return (id) => {
    let conversation = read.get(id);
    if (!conversation) read.set(id, (conversation = readConversation(reader, id)));
    return conversation;
  };
}
