/**
 * Runs the built CLI bundle (out/cli/dejavu.mjs, or `cli`) in a child process as bin/dejavu.mjs
 * starts it (with the small young generation and malloc arena limit of its shebang), through a preload that records the
 * child's own peak RSS: for the huge-session bench and the tests that hold memory to a bound.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LAUNCHER_ENV, LAUNCHER_NODE_FLAGS } from './as-launched';

export interface PeakRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The child's peak resident set size, in MB. */
  readonly peakMb: number;
  readonly seconds: number;
}

/** `stdout: 'ignore'` for output too large to hold (a huge `show --json`): `stdout` is then empty. */
export function runWithPeakRss(cli: string, args: readonly string[], env: Record<string, string> = {}, stdout: 'pipe' | 'ignore' = 'pipe'): PeakRun {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-rss-'));
  try {
    const rssFile = path.join(work, 'rss');
    const preload = path.join(work, 'peak-rss.mjs');
    writeFileSync(preload, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [...LAUNCHER_NODE_FLAGS, '--import', preload, cli, ...args], {
      env: { ...process.env, ...LAUNCHER_ENV, ...env },
      stdio: ['ignore', stdout, 'pipe'],
      encoding: 'utf8',
      maxBuffer: 2 * 1024 * 1024 * 1024,
    });
    const seconds = (performance.now() - t0) / 1000;
    let peakKb = NaN;
    try {
      peakKb = Number(readFileSync(rssFile, 'utf8'));
    } catch {
      // killed before its exit handler ran: no figure
    }
    return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr, peakMb: peakKb / 1024, seconds };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
