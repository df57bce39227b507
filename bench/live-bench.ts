/**
 * `npm run bench` (live part): how long a line an agent appends takes to become searchable
 * while live capture runs (p50/p95 over real lines of a real session file), against reading
 * that whole file again (what a sync of it costs) measured in the same run; and the CPU live
 * capture spends watching many files while nothing changes.
 *
 *   DEJAVU_BENCH_APPENDS=50 DEJAVU_BENCH_WATCHED=500 node out/bench/live-bench.mjs
 */
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArchiveReader } from '../main/core/access/archive-reader';
import { LiveCapture } from '../main/core/capture/live';
import { sync } from '../main/core/capture/sync';
import { claudeCodeProvider } from '../main/core/providers/claude-code/index';
import type { Conversation } from '../shared/record';
import { claudeTarget, until } from '../test/live-home';

const FIXTURES_DIR = process.env.DEJAVU_FIXTURES ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared', 'fixtures');
const FIXTURE = path.join(FIXTURES_DIR, 'claude-code/entireio__cli/entire_checkpoints_v1/f2/ad525b80cd/0/full.jsonl');
const APPENDS = Number(process.env.DEJAVU_BENCH_APPENDS ?? 50);
const WATCHED = Number(process.env.DEJAVU_BENCH_WATCHED ?? 500);

function textOf(c: Conversation | undefined, from = 0): string {
  return (c?.messages ?? []).slice(from).flatMap((m) => m.parts.map((p) => (p.type === 'text' ? p.content : ''))).join(' ');
}

/** Lines of the file that each bring a word no earlier line had: appending one must make it searchable. */
function probes(lines: readonly string[], from: number): { index: number; word: string; id: string }[] {
  const parser = claudeCodeProvider.incremental!({ path: FIXTURE, instance: 'host' });
  let offset = 0;
  let before: Conversation | undefined;
  const out: { index: number; word: string; id: string }[] = [];
  lines.forEach((text, i) => {
    offset += Buffer.byteLength(text) + 1;
    parser.feed({ text, lineNo: i + 1, endOffset: offset });
    if (i < from) return;
    const [after] = parser.snapshot();
    const old = textOf(before);
    const word = (textOf(after, before?.messages.length ?? 0).match(/[A-Za-z]{7,}/g) ?? []).find((w) => !old.includes(w));
    if (word && out.length < APPENDS) out.push({ index: i, word, id: after.id });
    before = after;
  });
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function appendLatency(tmp: string): Promise<void> {
  const home = path.join(tmp, 'home');
  const root = path.join(tmp, 'archive');
  const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter((l) => l !== '');
  const from = Math.floor(lines.length * 0.2);
  const target = claudeTarget(home, FIXTURE);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, `${lines.slice(0, from).join('\n')}\n`);
  await sync({ root, sources: [home] });
  const live = await LiveCapture.start({ root, sources: [home] });
  const reader = new ArchiveReader(root);
  const latencies: number[] = [];
  let written = from;
  try {
    for (const probe of probes(lines, from)) {
      if (probe.index > written) {
        appendFileSync(target, `${lines.slice(written, probe.index).join('\n')}\n`);
        await new Promise((resolve) => setTimeout(resolve, 250));
        await live.idle();
      }
      const started = performance.now();
      appendFileSync(target, `${lines[probe.index]}\n`);
      await until(() => reader.search(probe.word).some((h) => h.conversation.id === probe.id), 30_000, `"${probe.word}"`);
      latencies.push(performance.now() - started);
      written = probe.index + 1;
    }
  } finally {
    reader.close();
    await live.close();
  }
  // Baseline: reading the whole file again, as a sync of it does.
  const started = performance.now();
  await sync({ root, sources: [home], force: true });
  const fullMs = performance.now() - started;
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const size = (readFileSync(target).length / 1024 / 1024).toFixed(1);
  console.log(`live append → searchable (${latencies.length} real lines, ${size} MB session, 150 ms debounce included):`);
  console.log(`  p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms; re-reading the whole file instead: ${fullMs.toFixed(0)} ms (p50 = ${(p50 / fullMs).toFixed(2)}× of it)`);
}

async function idleCpu(tmp: string): Promise<void> {
  const home = path.join(tmp, 'many');
  const root = path.join(tmp, 'many-archive');
  const small = path.join(FIXTURES_DIR, 'claude-code/entireio__cli/entire_checkpoints_v1/c9/883595c929/0/full.jsonl');
  for (let i = 0; i < WATCHED; i += 1) {
    const target = path.join(home, '.claude', 'projects', `-work-p${i % 50}`, `copy-${i}.jsonl`);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(small, target);
  }
  await sync({ root, sources: [home] });
  const live = await LiveCapture.start({ root, sources: [home] });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = process.cpuUsage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    const wallMs = performance.now() - started;
    console.log(`live idle: ${cpuMs.toFixed(1)} ms CPU over ${(wallMs / 1000).toFixed(1)} s watching ${live.watchedFiles} files (${((cpuMs / wallMs) * 100).toFixed(2)}% of one core)`);
  } finally {
    await live.close();
  }
}

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-live-bench-'));
  try {
    await appendLatency(tmp);
    await idleCpu(tmp);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
