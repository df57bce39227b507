/**
 * `npm run bench`: sync throughput against the bare cost of JSON.parse on the same corpus,
 * measured in the same run, plus peak memory at two corpus sizes (it must stay flat).
 *
 *   DEJAVU_BENCH_MB=200 npm run bench      (corpus size; default 200)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readLines } from '../main/core/capture/read-lines';
import { sync } from '../main/core/capture/sync';
import { isIndexerThread, runIndexerThread } from '../main/core/search/index-sink';
import { buildCorpus, corpusFiles, loadSeeds } from './corpus';

const MB = 1024 * 1024;

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

/** Runs one sync in a fresh process so its peak RSS is its own. */
function childSync(home: string, archive: string, deferSearch = false): { seconds: number; captureSeconds: number; maxRssMb: number } {
  // Started as `dejavu sync` is (bin/dejavu.mjs): with the small young generation.
  const out = execFileSync(process.execPath, ['--max-semi-space-size=4', fileURLToPath(import.meta.url), '--child-sync', home, archive, deferSearch ? 'defer' : 'beside'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child-sync') {
    const [home, archive, mode] = process.argv.slice(3);
    const t0 = performance.now();
    const report = await sync({ root: archive, sources: [home], indexerWorker: fileURLToPath(import.meta.url), deferSearch: mode === 'defer' });
    const seconds = (performance.now() - t0) / 1000;
    if (report.errors.length) throw new Error(`sync errors: ${JSON.stringify(report.errors.slice(0, 3))}`);
    const captureSeconds = report.timings.captureMs / 1000;
    if (process.env.DEJAVU_BENCH_DEBUG) {
      const m = process.memoryUsage();
      process.stderr.write(`memory: rss ${(m.rss / 1048576).toFixed(0)} heapTotal ${(m.heapTotal / 1048576).toFixed(0)} heapUsed ${(m.heapUsed / 1048576).toFixed(0)} external ${(m.external / 1048576).toFixed(0)} arrayBuffers ${(m.arrayBuffers / 1048576).toFixed(0)}\n`);
    }
    process.stdout.write(`${JSON.stringify({ seconds, captureSeconds, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
    return;
  }
  const fixtures = process.env.DEJAVU_FIXTURES ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'fixtures');
  const targetMb = Number(process.env.DEJAVU_BENCH_MB ?? 200);
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-bench-'));
  try {
    const seeds = loadSeeds(fixtures);
    const small = buildCorpus(seeds, path.join(work, 'home-small'), (targetMb / 4) * MB);
    const big = buildCorpus(seeds, path.join(work, 'home'), targetMb * MB);
    const files = corpusFiles(path.join(work, 'home'));
    console.log(`corpus: ${big.files} files, ${(big.bytes / MB).toFixed(1)} MB replicated from ${seeds.length} real sessions (and a ${(small.bytes / MB).toFixed(0)} MB one)`);

    const t0 = performance.now();
    const records = await bareParse(files);
    const parseSeconds = (performance.now() - t0) / 1000;

    const smallRun = childSync(path.join(work, 'home-small'), path.join(work, 'archive-small'));
    const run = childSync(path.join(work, 'home'), path.join(work, 'archive'));
    const resync = childSync(path.join(work, 'home'), path.join(work, 'archive'));
    const deferred = childSync(path.join(work, 'home'), path.join(work, 'archive-deferred'), true);

    const mb = big.bytes / MB;
    console.log(`baseline  bare JSON.parse of ${records} lines: ${parseSeconds.toFixed(2)} s (${(mb / parseSeconds).toFixed(1)} MB/s)`);
    console.log(`sync      durable and searchable:          ${run.seconds.toFixed(2)} s (${(mb / run.seconds).toFixed(1)} MB/s)  ratio ${(run.seconds / parseSeconds).toFixed(2)}x   (target <= 3x)`);
    console.log(`  of it   durable (search indexed beside): ${run.captureSeconds.toFixed(2)} s  ratio ${(run.captureSeconds / parseSeconds).toFixed(2)}x`);
    console.log(`capture   alone, search deferred:          ${deferred.captureSeconds.toFixed(2)} s (${(mb / deferred.captureSeconds).toFixed(1)} MB/s)  ratio ${(deferred.captureSeconds / parseSeconds).toFixed(2)}x; then indexing from the blobs ${(deferred.seconds - deferred.captureSeconds).toFixed(2)} s`);
    console.log(`re-sync   nothing changed:                ${resync.seconds.toFixed(2)} s`);
    console.log(`peak RSS  ${(small.bytes / MB).toFixed(0)} MB corpus: ${smallRun.maxRssMb.toFixed(0)} MB; ${mb.toFixed(0)} MB corpus: ${run.maxRssMb.toFixed(0)} MB   (target < 300 MB, flat)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isIndexerThread()) runIndexerThread();
else await main();
