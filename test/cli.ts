/** Runs the built `dejavu` CLI as a child process, the way people and scripts run it. */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './fixtures';

export const CLI = path.join(REPO_ROOT, 'bin', 'dejavu.mjs');

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function dejavu(args: readonly string[], env: Record<string, string> = {}, cwd = REPO_ROOT): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Like `dejavu`, but killed after `ms`: a command that hangs fails its test instead of stalling the suite. */
export function dejavuWithin(ms: number, args: readonly string[], env: Record<string, string> = {}): CliResult & { readonly timedOut: boolean } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: ms, killSignal: 'SIGKILL' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, timedOut: r.signal === 'SIGKILL' };
}

export function dejavuJson<T>(args: readonly string[], env: Record<string, string> = {}): T {
  const r = dejavu([...args, '--json'], env);
  if (r.code !== 0) throw new Error(`dejavu ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

export function dejavuAsync(args: readonly string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Like `dejavu`, but on a terminal: a pseudo-terminal from util-linux `script`, so what is drawn
 * only there (the progress bar) is drawn. Its stdout and stderr come back as one, as a terminal
 * shows them, escape sequences included.
 */
export function dejavuOnTerminal(args: readonly string[], env: Record<string, string> = {}): { readonly code: number; readonly output: string } {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, CLI, ...args].map(quote).join(' ');
  const r = spawnSync('script', ['--quiet', '--return', '--flush', '--command', command, '/dev/null'], { cwd: REPO_ROOT, env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, output: r.stdout };
}
