/**
 * The one queue of a long-running process's writes (the app, `dejavu serve`, live capture):
 * jobs that need the archive's writer run one at a time, in the order they were asked for.
 * A job's failure goes to the caller that queued it; the queue itself moves on to the next.
 */
export class WriterQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** Run `job` once every job queued before it has ended (however it ended). */
  run<T>(job: () => Promise<T>): Promise<T> {
    this.waiting += 1;
    const done = this.tail.then(afterEither, afterEither).then(job);
    const counted = done.finally(() => (this.waiting -= 1));
    // The next job waits for this one's end, not its success: the failure is the caller's.
    this.tail = counted.then(afterEither, afterEither);
    return counted;
  }

  /** Jobs queued or running. */
  get pending(): number {
    return this.waiting;
  }

  /** Resolves once no job is queued or running, including jobs queued meanwhile. */
  async idle(): Promise<void> {
    while (this.waiting > 0) await this.tail;
  }
}

/** Continues the chain after a job that ended either way; what it returned or threw stays with its caller. */
function afterEither(): void {}
