/**
 * Retries a synchronous step that another process holds up for a moment (the writer lock, a new
 * file's switch to WAL), sleeping between tries without leaving the call: the callers are
 * synchronous (opening the archive), so they cannot await.
 */
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));

/** `attempt` until it succeeds, or throws what `retryable` refuses, or `waitMs` have passed (then its last error). */
export function retrySync<T>(attempt: () => T, retryable: (err: unknown) => boolean, waitMs: number, pauseMs: number): T {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return attempt();
    } catch (err) {
      if (!retryable(err) || Date.now() >= deadline) throw err;
      Atomics.wait(SLEEPER, 0, 0, pauseMs);
    }
  }
}
