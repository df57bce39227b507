/** Runs the real CLI and SIGKILLs it after a given delay (unless it finished first). */
import { dejavuAsync } from '../cli';

export interface KillOutcome {
  /** True when the signal landed; false when the command had already finished. */
  readonly killed: boolean;
  readonly code: number | null;
  readonly stderr: string;
}

/**
 * With `armed`, the delay counts from the moment it first holds (polled every 2 ms), so the kill
 * lands inside the work rather than in the process's start-up.
 */
export async function runAndKill(args: readonly string[], env: Record<string, string>, delayMs: number, during?: (elapsed: () => number) => Promise<void>, armed?: () => boolean): Promise<KillOutcome> {
  const started = Date.now();
  const child = dejavuAsync(args, env);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const work = during ? during(() => Date.now() - started) : Promise.resolve();
  let done = false;
  void exited.then(() => (done = true));
  while (armed && !done && !safely(armed)) await new Promise((r) => setTimeout(r, 2));
  await Promise.race([new Promise((r) => setTimeout(r, delayMs)), exited]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const { code, signal } = await exited;
  await work;
  return { killed: signal === 'SIGKILL', code, stderr };
}

function safely(test: () => boolean): boolean {
  try {
    return test();
  } catch {
    return false; // a database being written: look again
  }
}
