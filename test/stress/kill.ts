/** Runs the real CLI and SIGKILLs it after a given delay (unless it finished first). */
import { dejavuAsync } from '../cli';

export interface KillOutcome {
  /** True when the signal landed; false when the command had already finished. */
  readonly killed: boolean;
  readonly code: number | null;
  readonly stderr: string;
}

export async function runAndKill(args: readonly string[], env: Record<string, string>, delayMs: number, during?: (elapsed: () => number) => Promise<void>): Promise<KillOutcome> {
  const started = Date.now();
  const child = dejavuAsync(args, env);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const work = during ? during(() => Date.now() - started) : Promise.resolve();
  await Promise.race([new Promise((r) => setTimeout(r, delayMs)), exited]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const { code, signal } = await exited;
  await work;
  return { killed: signal === 'SIGKILL', code, stderr };
}
