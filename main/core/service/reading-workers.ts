/**
 * The service's reading threads (reading-thread.ts), one a lane (read-channels.ts): started at a
 * lane's first request (or warmed before one: `startUnlessReady`), ended after the lane's IDLE_MS
 * without one (a thread and its reader cost memory) and on close(). A lane's requests are answered
 * in turn, handed to its thread one at a time, so one given up while it waits (a search typed
 * past) is never begun; the lanes run side by side, so a long `dejavu:space` holds up no other. A thread that
 * dies once ready fails what it was asked with a clear error, and the lane's next request starts
 * a new one; one that dies before it is ready (its script cannot be loaded or run) leaves every
 * lane to the caller's thread from then on, said once.
 */
import { Worker } from 'node:worker_threads';
import type { ChannelName } from '../../../shared/contract';
import { fail, type Result } from '../../../shared/result';
import { YOUNG_GENERATION_MB } from '../use-cases/open-archive';
import type { ReadChannel, ReadingLane, ReadOptions } from './read-channels';
import { READING_ROLE, type ReadingAnswer, type ReadingAsk, type ReadingReady, type ReadingThreadData } from './reading-thread';

/**
 * How long a lane's thread waits, idle, before it ends. `reads`: long enough for a view's next
 * requests (the Activity view asks three), short enough that an idle app gives its memory back
 * (~45 MB at 1M messages, README); `search` the same, for the next query typed. `space`: it ends
 * with its answer: the breakdown leaves its thread's heap at hundreds of MB at 1M messages, and it
 * is asked rarely, so a new thread (under 1 s) costs nothing beside it.
 */
export const IDLE_MS: Readonly<Record<ReadingLane, number>> = { reads: 30_000, search: 30_000, space: 0 };

/** What `ask` answers when a thread cannot start (it died before it was ready): the caller answers on its own thread. */
export const ANSWER_INLINE = Symbol('answer inline');

/** What a request given up before it was begun is answered. */
export const CANCELLED = fail('cancelled', 'given up before it was begun');

interface Lane {
  readonly worker: Worker;
  /** The requests handed to the thread or queued for it, by id: how each is answered. */
  readonly waiting: Map<number, (result: Result<unknown> | typeof ANSWER_INLINE) => void>;
  /** Requests not handed over yet, in turn (the thread is given one at a time). */
  readonly queued: ReadingAsk[];
  /** The request the thread is answering, if any. */
  busy?: number;
  idle?: NodeJS.Timeout;
  /** The thread has loaded its script and opened its reader (ReadingReady). */
  ready: boolean;
  /** Why the thread failed, when it did (its uncaught error), for the error its requests get. */
  failure?: Error;
}

export class ReadingWorkers {
  private readonly lanes = new Map<ReadingLane, Lane>();
  private nextId = 1;
  private closed = false;
  /** A thread died before it was ready (its script cannot be loaded or run): from then on every lane is answered inline. */
  private unloadable = false;

  constructor(
    private readonly script: string,
    private readonly options: ReadOptions,
    private readonly idleMs: Readonly<Record<ReadingLane, number>> = IDLE_MS,
    private readonly onUnloadable: (err: Error) => void = () => undefined,
  ) {}

  /**
   * The request's Result, computed on the lane's thread; ANSWER_INLINE when the threads' script
   * cannot be loaded (the answer is the caller's to compute, as without threads: `onUnloadable` is told once).
   */
  ask(lane: ReadingLane, channel: ChannelName, request: unknown, signal?: AbortSignal): Promise<Result<unknown> | typeof ANSWER_INLINE> {
    if (this.closed) return Promise.resolve(fail('internal', 'the archive service is closed'));
    if (this.unloadable) return Promise.resolve(ANSWER_INLINE);
    if (signal?.aborted) return Promise.resolve(CANCELLED);
    const thread = this.lanes.get(lane) ?? this.start(lane);
    clearTimeout(thread.idle);
    thread.worker.ref(); // a request under way keeps the process alive, as it would on this thread
    const id = this.nextId++;
    return new Promise((resolve) => {
      // Given up while queued: answered at once, and never handed over.
      const giveUp = () => this.giveUp(lane, thread, id);
      signal?.addEventListener('abort', giveUp, { once: true });
      thread.waiting.set(id, (result) => {
        signal?.removeEventListener('abort', giveUp);
        resolve(result);
      });
      thread.queued.push({ id, channel: channel as ReadChannel, request });
      this.handOver(thread);
    });
  }

  /** Hands the thread its next request not given up, when it is answering none. */
  private handOver(lane: Lane): void {
    if (lane.busy !== undefined) return;
    const next = lane.queued.shift();
    if (!next) return;
    lane.busy = next.id;
    lane.worker.postMessage(next);
  }

  /** A queued request given up: answered CANCELLED and taken out of the queue (one handed over already runs to its end). */
  private giveUp(name: ReadingLane, lane: Lane, id: number): void {
    const at = lane.queued.findIndex((q) => q.id === id);
    if (at < 0) return;
    lane.queued.splice(at, 1);
    const resolve = lane.waiting.get(id);
    lane.waiting.delete(id);
    resolve?.(CANCELLED);
    if (lane.waiting.size === 0 && this.lanes.get(name) === lane) this.idleAfter(name, lane);
  }

  /**
   * True when the lane's thread is not ready to answer at once: the caller answers this request
   * itself, and the thread is started, if it is not, for the ones to come (it ends after its idle
   * time, as one asked would). Starting one takes ~0.5 s (loading its bundle, opening the
   * archive; over 1 s beside a sync), longer than a search page takes inline. False once closed:
   * `ask` says so.
   */
  startUnlessReady(lane: ReadingLane): boolean {
    if (this.closed) return false;
    if (this.unloadable) return true;
    const thread = this.lanes.get(lane);
    if (thread) return !thread.ready;
    if (this.idleMs[lane] > 0) this.idleAfter(lane, this.start(lane));
    return true;
  }

  /** The lanes whose thread is running (tests, diagnostics). */
  running(): ReadingLane[] {
    return [...this.lanes.keys()];
  }

  /** The lanes whose thread is running and ready to answer (tests, diagnostics). */
  ready(): ReadingLane[] {
    return [...this.lanes].filter(([, lane]) => lane.ready).map(([name]) => name);
  }

  /** End every thread; what they were asked fails. */
  close(): void {
    this.closed = true;
    for (const lane of [...this.lanes.keys()]) this.end(lane, 'the archive service closed before answering');
  }

  private start(name: ReadingLane): Lane {
    const data: ReadingThreadData = { role: READING_ROLE, root: this.options.root, sources: this.options.sources, home: this.options.home, searchPageText: this.options.searchPageText };
    const worker = new Worker(this.script, { workerData: data, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const lane: Lane = { worker, waiting: new Map(), queued: [], ready: false };
    this.lanes.set(name, lane);
    worker.on('message', (answer: ReadingAnswer | ReadingReady) => {
      if ('ready' in answer) return void (lane.ready = true);
      const resolve = lane.waiting.get(answer.id);
      lane.waiting.delete(answer.id);
      if (lane.busy === answer.id) lane.busy = undefined;
      resolve?.(answer.result);
      this.handOver(lane);
      if (lane.waiting.size === 0) this.idleAfter(name, lane);
    });
    worker.on('error', (err) => void (lane.failure ??= err));
    worker.on('exit', (code) => {
      if (this.lanes.get(name) !== lane) return; // ended on purpose
      // Before it was ready: its script cannot be loaded (a broken install or package) or run (a native module built for another Node).
      if (!lane.ready) return this.cannotStart(name, lane, lane.failure ?? new Error(`the reading thread exited with code ${code} before it was ready`));
      const why = lane.failure ? `: ${lane.failure.message}` : '';
      this.end(name, `the archive's reading thread stopped (exit code ${code}${why}) before answering; asked again, a new one starts`);
    });
    return lane;
  }

  /** A thread cannot start: what waits, and every later request, is answered by the caller; said once, whichever lanes fail. */
  private cannotStart(name: ReadingLane, lane: Lane, err: Error): void {
    this.lanes.delete(name);
    if (!this.unloadable) this.onUnloadable(err);
    this.unloadable = true;
    for (const resolve of lane.waiting.values()) resolve(ANSWER_INLINE);
    lane.waiting.clear();
    lane.queued.length = 0;
  }

  /** No request waits: the thread may let the process exit, and ends after idleMs unless asked again. */
  private idleAfter(name: ReadingLane, lane: Lane): void {
    lane.worker.unref();
    if (this.idleMs[name] <= 0) return this.end(name, 'the reading thread ended while idle');
    lane.idle = setTimeout(() => this.end(name, 'the reading thread ended while idle'), this.idleMs[name]);
    lane.idle.unref();
  }

  /** Forget the lane's thread (its next request starts another), end it, and fail what it was asked with `message`. */
  private end(name: ReadingLane, message: string): void {
    const lane = this.lanes.get(name);
    if (!lane) return;
    this.lanes.delete(name);
    clearTimeout(lane.idle);
    void lane.worker.terminate();
    for (const resolve of lane.waiting.values()) resolve(fail('internal', message));
    lane.waiting.clear();
    lane.queued.length = 0;
  }
}
