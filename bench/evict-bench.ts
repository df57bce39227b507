/**
 * `npm run bench` (second part): an eviction sweep over an archive of at least 5,000
 * conversations, timed against syncing the same corpus in the same run, and the archive's size
 * against its source before and after. The corpus replicates the smaller real fixture sessions
 * (each copy under a fresh id) so 5,000 conversations stay a few hundred MB.
 *
 *   DEJAVU_EVICT_BENCH_N=5000 npm run bench
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openArchiveWriter } from '../main/core/access/open-writer';
import { archiveDiskBytes } from '../main/core/archive/disk-usage';
import { sync } from '../main/core/capture/sync';
import { sweep } from '../main/core/retention/evict';
import { isIndexerThread, runIndexerThread } from '../main/core/search/index-sink';
import { buildCorpus, corpusFiles, loadSeeds } from './corpus';

const MB = 1024 * 1024;

async function main(): Promise<void> {
  const fixtures = process.env.DEJAVU_FIXTURES ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'fixtures');
  const wanted = Number(process.env.DEJAVU_EVICT_BENCH_N ?? 5000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-evict-bench-'));
  try {
    const all = loadSeeds(fixtures).sort((a, b) => a.text.length - b.text.length);
    const seeds = all.slice(0, Math.max(4, Math.ceil(all.length / 3)));
    const average = seeds.reduce((n, s) => n + Buffer.byteLength(s.text), 0) / seeds.length;
    const home = path.join(work, 'home');
    const corpus = buildCorpus(seeds, home, Math.ceil(wanted * average) + 1);
    const sourceBytes = corpusFiles(home).reduce((n, f) => n + readFileSync(f).length, 0);
    const archive = path.join(work, 'archive');

    const t0 = performance.now();
    const report = await sync({ root: archive, sources: [home], indexerWorker: fileURLToPath(import.meta.url) });
    const syncSeconds = (performance.now() - t0) / 1000;
    if (report.errors.length) throw new Error(`sync errors: ${JSON.stringify(report.errors.slice(0, 3))}`);
    const conversations = report.created.length;
    const before = archiveDiskBytes(archive);
    console.log(`evict corpus: ${corpus.files} files, ${(sourceBytes / MB).toFixed(1)} MB from the ${seeds.length} smallest of ${all.length} real sessions → ${conversations} conversations`);
    console.log(`baseline  sync of that corpus:          ${syncSeconds.toFixed(2)} s`);
    console.log(`archive   ${(before / MB).toFixed(1)} MB on disk = ${(before / sourceBytes).toFixed(2)}x its source`);

    // Caps that make both stages happen: stage 1 for all, then stage 2 for the oldest.
    const overrides = { softCapBytes: Math.round(before * 0.2), hardCapBytes: Math.round(before * 0.3), maxAgeDays: null };
    const writer = openArchiveWriter(archive);
    try {
      const t1 = performance.now();
      const plan = await sweep(writer, { apply: false, overrides });
      const planSeconds = (performance.now() - t1) / 1000;
      const t2 = performance.now();
      const done = await sweep(writer, { apply: true, overrides });
      const sweepSeconds = (performance.now() - t2) / 1000;
      const count = (a: string) => done.steps.filter((s) => s.action === a).length;
      console.log(`dry run   planned ${plan.steps.length} steps:             ${planSeconds.toFixed(2)} s`);
      console.log(`sweep     ${count('stage-1')} stage-1 + ${count('stage-2')} stage-2 steps:   ${sweepSeconds.toFixed(2)} s  ratio ${(sweepSeconds / syncSeconds).toFixed(2)}x of sync (${((sweepSeconds * 1000) / Math.max(1, done.steps.length)).toFixed(2)} ms/step)`);
      console.log(`archive   after: ${(done.archiveBytesAfter / MB).toFixed(1)} MB = ${(done.archiveBytesAfter / sourceBytes).toFixed(2)}x its source (soft cap ${(overrides.softCapBytes / MB).toFixed(0)} MB, hard cap ${(overrides.hardCapBytes / MB).toFixed(0)} MB)`);
    } finally {
      writer.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isIndexerThread()) runIndexerThread();
else await main();
