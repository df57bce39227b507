/**
 * `npm run bench`: sync throughput against the bare cost of JSON.parse on the same corpus,
 * measured in the same run (wall and CPU time: the machine is shared), plus peak memory on a
 * 50 MB corpus and on the measured one (it must stay flat). The last line is JSON, for
 * comparing runs without reading prose.
 *
 *   DEJAVU_BENCH_MB=200 npm run bench      (corpus size; default 200; 1024 for the 50 MB vs 1 GB memory comparison)
 *   DEJAVU_BENCH_CPU_PROF=<dir>            (a --cpu-prof of the capture-alone sync, search deferred, into <dir>)
 *   DEJAVU_BENCH_KEEP=<dir>                (build the corpora in <dir> and keep them for the next run: a 1 GB one takes minutes)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { archiveDiskBytes } from '../main/core/archive/disk-usage';
import { readLines } from '../main/core/capture/read-lines';
import { sync } from '../main/core/capture/sync';
import { LAUNCHER_ENV, LAUNCHER_NODE_FLAGS } from './as-launched';
import { buildCorpus, corpusFiles, loadSeeds } from './corpus';

const MB = 1024 * 1024;
/**
 * The indexer thread `dejavu sync` starts: the CLI's own small bundle (built beside this one), not
 * this whole bench a second time, which held ~15 MB more at the peak than the CLI does.
 */
const INDEXER_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'indexer.mjs');
/** The small corpus whose peak RSS the measured one's is compared with. */
const SMALL_MB = 50;

interface ChildRun {
  readonly seconds: number;
  readonly captureSeconds: number;
  /** CPU seconds of the whole process (every thread) while capturing, and over the whole run. */
  readonly captureCpuSeconds: number;
  readonly cpuSeconds: number;
  readonly maxRssMb: number;
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

async function bareParse(files: readonly string[]): Promise<number> {
  let records = 0;
  for (const f of files) {
    for await (const line of readLines(f)) {
      if (line.text) {
        JSON.parse(line.text);
        records += 1;
      }
    }
  }
  return records;
}

/** One timed pass of the baseline: wall and CPU seconds. */
async function timedParse(files: readonly string[]): Promise<{ records: number; seconds: number; cpuSeconds: number }> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const records = await bareParse(files);
  return { records, seconds: (performance.now() - t0) / 1000, cpuSeconds: cpuSecondsSince(cpu0) };
}

/** Runs one sync in a fresh process so its peak RSS is its own; `profileDir`: with --cpu-prof into it. */
function childSync(home: string, archive: string, deferSearch = false, profileDir?: string): ChildRun {
  // Started as `dejavu sync` is (bin/dejavu.mjs): with the small young generation and two malloc arenas.
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const out = execFileSync(process.execPath, [...profile, ...LAUNCHER_NODE_FLAGS, fileURLToPath(import.meta.url), '--child-sync', home, archive, deferSearch ? 'defer' : 'beside'], {
    encoding: 'utf8',
    env: { ...process.env, ...LAUNCHER_ENV },
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as ChildRun;
}

/**
 * A corpus in `home`, built unless a finished one is there already (DEJAVU_BENCH_KEEP): the
 * marker file, written last, says the build completed and how big it came out.
 */
function keptCorpus(seeds: ReturnType<typeof loadSeeds>, home: string, targetBytes: number): { home: string; files: number; bytes: number } {
  const marker = `${home}.built.json`;
  if (existsSync(marker)) return { home, ...(JSON.parse(readFileSync(marker, 'utf8')) as { files: number; bytes: number }) };
  rmSync(home, { recursive: true, force: true });
  const built = buildCorpus(seeds, home, targetBytes);
  writeFileSync(marker, JSON.stringify(built));
  return { home, ...built };
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child-sync') {
    const [home, archive, mode] = process.argv.slice(3);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const report = await sync({ root: archive, sources: [home], indexerWorker: INDEXER_SCRIPT, deferSearch: mode === 'defer' });
    const seconds = (performance.now() - t0) / 1000;
    if (report.errors.length) throw new Error(`sync errors: ${JSON.stringify(report.errors.slice(0, 3))}`);
    const captureSeconds = report.timings.captureMs / 1000;
    const cpuSeconds = cpuSecondsSince(cpu0);
    if (process.env.DEJAVU_BENCH_DEBUG) {
      const m = process.memoryUsage();
      process.stderr.write(`memory: rss ${(m.rss / 1048576).toFixed(0)} heapTotal ${(m.heapTotal / 1048576).toFixed(0)} heapUsed ${(m.heapUsed / 1048576).toFixed(0)} external ${(m.external / 1048576).toFixed(0)} arrayBuffers ${(m.arrayBuffers / 1048576).toFixed(0)}\n`);
    }
    const run: ChildRun = { seconds, captureSeconds, captureCpuSeconds: report.timings.captureCpuMs / 1000, cpuSeconds, maxRssMb: process.resourceUsage().maxRSS / 1024 };
    process.stdout.write(`${JSON.stringify(run)}\n`);
    return;
  }
  const fixtures = process.env.DEJAVU_FIXTURES ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'fixtures');
  const targetMb = Number(process.env.DEJAVU_BENCH_MB ?? 200);
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-bench-'));
  const kept = process.env.DEJAVU_BENCH_KEEP;
  try {
    const seeds = loadSeeds(fixtures);
    const corpora = kept ?? work;
    const small = keptCorpus(seeds, path.join(corpora, `home-${Math.min(SMALL_MB, targetMb)}mb`), Math.min(SMALL_MB, targetMb) * MB);
    const big = keptCorpus(seeds, path.join(corpora, `home-${targetMb}mb`), targetMb * MB);
    const files = corpusFiles(big.home);
    console.log(`corpus: ${big.files} files, ${(big.bytes / MB).toFixed(1)} MB replicated from ${seeds.length} real sessions (and a ${(small.bytes / MB).toFixed(0)} MB one)`);

    // The baseline is timed three times, between the syncs, and the fastest kept: one pass varied
    // 2.1–3.0 s on the same corpus here, and a slow baseline would flatter every ratio.
    const parses = [await timedParse(files)];
    const smallRun = childSync(small.home, path.join(work, 'archive-small'));
    const run = childSync(big.home, path.join(work, 'archive'));
    parses.push(await timedParse(files));
    const resync = childSync(big.home, path.join(work, 'archive'));
    const deferred = childSync(big.home, path.join(work, 'archive-deferred'), true, process.env.DEJAVU_BENCH_CPU_PROF);
    parses.push(await timedParse(files));
    const { records, seconds: parseSeconds, cpuSeconds: parseCpuSeconds } = parses.reduce((a, b) => (b.seconds < a.seconds ? b : a));

    const mb = big.bytes / MB;
    const ratio = (seconds: number, base: number) => `${(seconds / base).toFixed(2)}x`;
    console.log(
      `baseline  bare JSON.parse of ${records} lines: ${parseSeconds.toFixed(2)} s (${(mb / parseSeconds).toFixed(1)} MB/s), CPU ${parseCpuSeconds.toFixed(2)} s  ` +
        `(fastest of ${parses.map((p) => p.seconds.toFixed(2)).join(', ')} s)`,
    );
    console.log(`sync      durable and searchable:          ${run.seconds.toFixed(2)} s (${(mb / run.seconds).toFixed(1)} MB/s)  ratio ${ratio(run.seconds, parseSeconds)}   (target <= 3x); CPU ${run.cpuSeconds.toFixed(2)} s (both threads)`);
    console.log(`  of it   durable (search indexed beside): ${run.captureSeconds.toFixed(2)} s  ratio ${ratio(run.captureSeconds, parseSeconds)}`);
    console.log(
      `capture   alone, search deferred:          ${deferred.captureSeconds.toFixed(2)} s (${(mb / deferred.captureSeconds).toFixed(1)} MB/s)  ratio ${ratio(deferred.captureSeconds, parseSeconds)}   (target <= 2x); ` +
        `CPU ${deferred.captureCpuSeconds.toFixed(2)} s, ratio ${ratio(deferred.captureCpuSeconds, parseCpuSeconds)} the baseline's CPU; then indexing from the blobs ${(deferred.seconds - deferred.captureSeconds).toFixed(2)} s`,
    );
    console.log(`re-sync   nothing changed:                ${resync.seconds.toFixed(2)} s`);
    // The archive the sync made (blobs, index.db, search.db), against the source it came from.
    const archiveBytes = archiveDiskBytes(path.join(work, 'archive'));
    console.log(`archive   on disk: ${(archiveBytes / MB).toFixed(1)} MB, ${(archiveBytes / big.bytes).toFixed(2)}x its ${mb.toFixed(1)} MB source   (target <= 0.5x)`);
    console.log(`peak RSS  ${(small.bytes / MB).toFixed(0)} MB corpus: ${smallRun.maxRssMb.toFixed(0)} MB; ${mb.toFixed(0)} MB corpus: ${run.maxRssMb.toFixed(0)} MB   (target <= 250 MB, flat)`);
    const ms = (seconds: number) => Math.round(seconds * 1000);
    const bytes = (mib: number) => Math.round(mib * MB);
    console.log(
      JSON.stringify({
        bench: 'sync',
        corpusBytes: big.bytes,
        files: big.files,
        records,
        bareParseMs: ms(parseSeconds),
        bareParseCpuMs: ms(parseCpuSeconds),
        bareParseRunsMs: parses.map((p) => ms(p.seconds)),
        // Durable: capture alone, search deferred (what "durable capture" means in issue #11).
        durableMs: ms(deferred.captureSeconds),
        durableCpuMs: ms(deferred.captureCpuSeconds),
        // The durable part of a sync that indexes search beside it (the other core, when free).
        durableBesideMs: ms(run.captureSeconds),
        // Durable and searchable: a sync indexing beside; and one indexing after, from the blobs.
        searchableMs: ms(run.seconds),
        searchableCpuMs: ms(run.cpuSeconds),
        searchableDeferredMs: ms(deferred.seconds),
        resyncMs: ms(resync.seconds),
        archiveBytes,
        // Peak RSS of a sync indexing beside (the default), on the corpus and on the 50 MB one; and of the deferred one.
        peakRssBytes: bytes(run.maxRssMb),
        smallCorpusBytes: small.bytes,
        smallPeakRssBytes: bytes(smallRun.maxRssMb),
        deferredPeakRssBytes: bytes(deferred.maxRssMb),
        loadAverage: os.loadavg()[0],
      }),
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
