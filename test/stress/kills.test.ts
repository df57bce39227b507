/**
 * `npm run stress`, and its fast subset inside `npm test`: SIGKILL a real `sync`, `import`,
 * `evict --apply`, live capture (`sync --watch`) and `merge` (of another machine's archive, from
 * its export file or its folder) after a seeded random delay, rerun the same
 * command to completion, and require `dejavu verify` clean and an archive equal to an
 * uninterrupted run's: ids, message and prompt counts, search rows, every conversation's unique
 * word found in it alone, source cursors and ledger totals.
 *
 * DEJAVU_STRESS_SEED (printed), DEJAVU_STRESS_KILLS (landed kills in all, split over the five commands) and
 * DEJAVU_STRESS_CONVERSATIONS size the run; a failure names its command, round and delay.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntegrityReport } from '../../shared/verify';
import { archiveDiskBytes } from '../../main/core/archive/disk-usage';
import { dejavu } from '../cli';
import { random } from '../random';
import { type ArchiveSnapshot, committed, conversationsWith, ledgerTotals, snapshot, stageById, steps } from './archive-state';
import { runAndKill } from './kill';
import { appendPrompt, buildMarkedHome, type MarkedFile, markerWord } from './marked-corpus';

const SEED = Number(process.env.DEJAVU_STRESS_SEED ?? 20260201);
const KILLS = Number(process.env.DEJAVU_STRESS_KILLS ?? 8);
const CONVERSATIONS = Number(process.env.DEJAVU_STRESS_CONVERSATIONS ?? 16);
const KINDS = ['sync', 'import', 'evict --apply', 'sync --watch', 'merge'] as const;
type Kind = (typeof KINDS)[number];
const ROUNDS = Math.max(1, Math.ceil(KILLS / KINDS.length));
const LIVE_APPENDS = 3;

/** Everything compared with the uninterrupted run. */
interface Expected {
  readonly snapshot: Omit<ArchiveSnapshot, 'conversations'> & { conversations: { id: string; message_count: number; prompt_count: number }[] };
  readonly words: Record<string, string[]>;
  readonly ledger: Record<string, number>;
  readonly stages: Record<string, number>;
}

/**
 * With `noRevisions`, revisions are left out: live capture writes a revision per line it sees,
 * as they come, and `import` writes a new revision of every file it is given, changed or not.
 */
function state(archive: string, words: readonly string[], noRevisions = false): Expected {
  const s = snapshot(archive);
  return {
    snapshot: { ...s, indexed: noRevisions ? s.indexed.map(({ id }) => ({ id, revision: 0 })) : s.indexed, conversations: s.conversations.map(({ id, message_count, prompt_count }) => ({ id, message_count, prompt_count })) },
    words: conversationsWith(archive, words),
    ledger: ledgerTotals(archive),
    stages: stageById(archive),
  };
}

function verifyClean(archive: string): IntegrityReport {
  const r = dejavu(['verify', '--json'], { DEJAVU_HOME: archive });
  // No report at all (a spawn the loaded machine refused, a crash) says so, not a JSON error.
  if (!r.stdout) throw new Error(`dejavu verify --json printed no report (exit ${r.code}): ${r.stderr ?? 'no output at all: it did not start'}`);
  return JSON.parse(r.stdout) as IntegrityReport;
}

const tally: Record<string, { rounds: number; killed: number; phases: Record<string, number>; finishedFirst: number; maxDelay: number; ms: number }> = {};

describe(`stress: killed at random and run again (seed ${SEED}, ${ROUNDS} round(s) per command)`, () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-stress-'));
  const home = path.join(work, 'home');
  const emptyHome = path.join(work, 'empty-home');
  let files: MarkedFile[] = [];
  let markers: string[] = [];
  const liveMarkers = Array.from({ length: LIVE_APPENDS }, (_, i) => markerWord('live', i));
  const synced = path.join(work, 'synced'); // the uninterrupted sync: also where evict and live capture start
  const expected = {} as Record<Kind, Expected>;
  const took = {} as Record<Kind, number>;
  let caps: string[] = [];
  const desk = path.join(work, 'desk'); // the archive a merge goes into: part of the corpus, some of it cut short
  const laptopTar = path.join(work, 'laptop.tar'); // the uninterrupted sync's archive, exported
  let deskMatches = 0;

  /** Runs a command to completion, timed. */
  function timed(args: readonly string[], env: Record<string, string>): number {
    const started = Date.now();
    const r = dejavu(args, env);
    expect(r.code, `dejavu ${args.join(' ')}: ${r.stderr}`).toBe(0);
    return Date.now() - started;
  }

  beforeAll(() => {
    console.log(`dejavu stress: seed ${SEED}, ${KILLS} kill(s) over ${KINDS.join(', ')}, ${CONVERSATIONS} conversations (reproduce with DEJAVU_STRESS_SEED=${SEED} DEJAVU_STRESS_KILLS=${KILLS})`);
    files = buildMarkedHome(home, CONVERSATIONS);
    markers = files.map((f) => f.marker);
    const all = [...markers, ...liveMarkers];

    took.sync = timed(['sync'], { HOME: home, DEJAVU_HOME: synced, DEJAVU_MACHINE_NAME: 'laptop' });
    expected.sync = state(synced, all);
    // The corpus is what it claims: each conversation has its own word, found in it alone.
    expect(expected.sync.snapshot.conversations).toHaveLength(CONVERSATIONS);
    for (const m of markers) expect(expected.sync.words[m], m).toHaveLength(1);
    expect(new Set(markers.map((m) => expected.sync.words[m][0])).size).toBe(CONVERSATIONS);

    const imported = path.join(work, 'imported');
    took.import = timed(['import', ...files.map((f) => f.path)], { HOME: emptyHome, DEJAVU_HOME: imported });
    expected.import = state(imported, all, true);

    const size = archiveDiskBytes(synced);
    caps = ['--soft-cap', String(Math.round(size * 0.75)), '--hard-cap', String(Math.round(size * 0.8)), '--max-age', 'off'];
    const evicted = path.join(work, 'evicted');
    cpSync(synced, evicted, { recursive: true });
    took['evict --apply'] = timed(['evict', '--apply', ...caps], { DEJAVU_HOME: evicted });
    expected['evict --apply'] = state(evicted, all);
    const stages = new Set(Object.values(expected['evict --apply'].stages));
    expect([stages.has(1), stages.has(2)]).toEqual([true, true]); // the caps make both stages happen

    const liveHome = path.join(work, 'live-home');
    const live = path.join(work, 'live');
    cpSync(home, liveHome, { recursive: true });
    cpSync(synced, live, { recursive: true });
    rebase(files, home, liveHome).slice(0, LIVE_APPENDS).forEach((f, i) => appendPrompt(f, liveMarkers[i]));
    // Live capture never finishes by itself: its kill lands within the time a full sync takes, plus its start.
    took['sync --watch'] = timed(['sync'], { HOME: liveHome, DEJAVU_HOME: live }) + took.sync;
    expected['sync --watch'] = state(live, all, true);
    for (const m of liveMarkers) expect(expected['sync --watch'].words[m], m).toHaveLength(1);

    // Another machine (the desk) synced half the sessions, a third of those before their last
    // prompt: a merge of the laptop's archive adds the rest and updates those cut short.
    const deskHome = path.join(work, 'desk-home');
    rebase(files, home, deskHome).forEach((f, i) => {
      if (i % 2) return;
      cpSync(files[i].path, f.path);
      if (i % 3 === 0) writeFileSync(f.path, readFileSync(f.path, 'utf8').replace(/[^\n]*\n$/, ''));
    });
    timed(['sync'], { HOME: deskHome, DEJAVU_HOME: desk, DEJAVU_MACHINE_NAME: 'desk' });
    timed(['export-archive', '-o', laptopTar], { DEJAVU_HOME: synced });
    const merged = path.join(work, 'merged');
    cpSync(desk, merged, { recursive: true });
    took.merge = timed(['merge', laptopTar], { HOME: emptyHome, DEJAVU_HOME: merged });
    expected.merge = state(merged, all);
    expect(expected.merge.snapshot.conversations).toHaveLength(CONVERSATIONS);
    for (const m of markers) expect(expected.merge.words[m], m).toHaveLength(1);
    deskMatches = mergedSoFar(desk);
    expect(deskMatches).toBeLessThan(CONVERSATIONS - CONVERSATIONS / 2); // some are new and some grow
  }, 240_000);

  /** Conversations that already hold what the uninterrupted merge left in them. */
  function mergedSoFar(archive: string): number {
    const want = new Map(expected.merge.snapshot.conversations.map((c) => [c.id, c.message_count]));
    return snapshot(archive).conversations.filter((c) => want.get(c.id) === c.message_count).length;
  }

  const rebase = (list: MarkedFile[], from: string, to: string) => list.map((f) => ({ ...f, path: path.join(to, path.relative(from, f.path)) }));

  /** One round: a fresh archive (and home) as the command expects it, a kill, a rerun. */
  async function round(kind: Kind, i: number): Promise<void> {
    const rand = random(SEED * 31 + KINDS.indexOf(kind) * 1_000_003 + i * 7919);
    // A third of the rounds count the delay from launch (start-up included), a third from when
    // the command starts writing, a third (with a short delay) from its first committed step.
    const from = (['launch', 'first write', 'first commit'] as const)[i % 3];
    const delay = Math.floor(rand() * (from === 'launch' ? took[kind] : from === 'first write' ? took[kind] / 2 : 100));
    const where = `${kind}, round ${i}, kill ${delay} ms after its ${from} (seed ${SEED})`;
    const dir = path.join(work, `round-${KINDS.indexOf(kind)}-${i}`);
    const archive = path.join(dir, 'archive');
    let roundHome = home;
    let args: string[];
    let during: ((elapsed: () => number) => Promise<void>) | undefined;
    const env: Record<string, string> = { DEJAVU_HOME: archive, DEJAVU_SYNC_BATCH_BYTES: String(64 * 1024) };
    switch (kind) {
      case 'sync':
        args = ['sync'];
        break;
      case 'import':
        args = ['import', ...files.map((f) => f.path)];
        roundHome = emptyHome;
        break;
      case 'evict --apply':
        cpSync(synced, archive, { recursive: true });
        args = ['evict', '--apply', ...caps];
        env.DEJAVU_EVICT_BATCH = '2';
        break;
      case 'sync --watch': {
        roundHome = path.join(dir, 'home');
        cpSync(home, roundHome, { recursive: true });
        cpSync(synced, archive, { recursive: true });
        args = ['sync', '--watch', '--quiet'];
        // The agent writes while capture runs: each prompt at its own random moment before the kill.
        const targets = rebase(files, home, roundHome).slice(0, LIVE_APPENDS);
        const at = targets.map(() => Math.floor(rand() * delay));
        during = async () => {
          await Promise.all(targets.map((f, k) => new Promise<void>((r) => setTimeout(() => (appendPrompt(f, liveMarkers[k]), r()), at[k]))));
        };
        break;
      }
      case 'merge':
        // From the export file in some rounds, from the other archive's folder in the others.
        cpSync(desk, archive, { recursive: true });
        args = ['merge', i % 2 ? synced : laptopTar];
        roundHome = emptyHome;
        env.DEJAVU_MERGE_BATCH = '2';
        break;
    }
    env.HOME = roundHome;
    const started = Date.now();
    const index = path.join(archive, 'index.db');
    const lockTaken = () => existsSync(path.join(archive, 'sync.lock'));
    const firstWrite = kind === 'evict --apply' ? () => steps(archive) > 0 : kind === 'sync --watch' || kind === 'merge' ? lockTaken : () => existsSync(index);
    const firstCommit =
      kind === 'evict --apply'
        ? () => ledgerTotals(archive)['stage-1'] > 0 || ledgerTotals(archive)['stage-2'] > 0
        : kind === 'sync --watch'
          ? firstWrite
          : kind === 'merge'
            ? () => mergedSoFar(archive) > deskMatches
            : () => committed(archive) > 0;
    const armed = from === 'launch' ? undefined : from === 'first write' ? firstWrite : firstCommit;
    const outcome = await runAndKill(args, env, delay, during, armed);
    const t = (tally[kind] ??= { rounds: 0, killed: 0, phases: {}, finishedFirst: 0, maxDelay: took[kind], ms: 0 });
    t.rounds += 1;
    if (outcome.killed) {
      t.killed += 1;
      const at = phase(kind, archive);
      t.phases[at] = (t.phases[at] ?? 0) + 1;
    } else {
      t.finishedFirst += 1;
      expect(outcome.code, `${where}: ${outcome.stderr}`).toBe(0);
    }
    const rerun = dejavu(kind === 'sync --watch' ? ['sync'] : args, env);
    expect(rerun.code, `${where}: rerun: ${rerun.stderr}`).toBe(0);
    const report = verifyClean(archive);
    expect(report.consistent ? [] : report.groups, `${where}: verify`).toEqual([]);
    const got = state(archive, [...markers, ...liveMarkers], kind === 'sync --watch' || kind === 'import');
    expect(got, where).toEqual(expected[kind]);
    expect(existsSync(path.join(archive, '.tmp')) ? readdirSync(path.join(archive, '.tmp')) : [], `${where}: temp files`).toEqual([]);
    t.ms += Date.now() - started;
    rmSync(dir, { recursive: true, force: true });
  }

  /** Where the work stood when the kill landed, read from the archive it left. */
  function phase(kind: Kind, archive: string): string {
    const index = path.join(archive, 'index.db');
    try {
      if (kind === 'sync --watch') return existsSync(path.join(archive, 'sync.lock')) ? 'while capturing' : 'before it took the writer';
      if (kind === 'merge') {
        const n = mergedSoFar(archive);
        return n === deskMatches ? 'before any batch' : n < CONVERSATIONS ? 'some batches committed' : 'all committed, search and digests catching up';
      }
      if (kind === 'evict --apply') {
        const done = steps(archive);
        return done === 0 ? 'before any step' : JSON.stringify(stageById(archive)) === JSON.stringify(expected[kind].stages) ? 'after the last step' : 'mid-sweep';
      }
      if (!existsSync(index)) return 'before opening the archive';
      const n = committed(archive);
      if (n === 0) return 'before any conversation';
      if (n < CONVERSATIONS) return 'some conversations written';
      return !existsSync(path.join(archive, 'search.db')) || snapshot(archive).indexed.length < CONVERSATIONS ? 'all written, search indexing' : 'all written and indexed';
    } catch (err) {
      // A database caught mid-creation or needing the recovery only a writer may do.
      return /no such table: message_fts/.test((err as Error).message) ? 'all written, search indexing' : `mid-write (${(err as Error).message})`;
    }
  }

  for (const kind of KINDS) {
    it(`${kind}: ${ROUNDS} kill(s), each rerun ends equal to the uninterrupted run and verify is clean`, async () => {
      // Rounds until ROUNDS kills have landed (a command may finish before its kill), at most 3× as many.
      for (let i = 0; (tally[kind]?.killed ?? 0) < ROUNDS && i < ROUNDS * 3; i += 1) await round(kind, i);
      const t = tally[kind];
      console.log(`dejavu stress: ${kind}: ${t.rounds} round(s), ${t.killed} killed (${Object.entries(t.phases).map(([k, n]) => `${n} ${k}`).join(', ')}), ${t.finishedFirst} finished before the kill, kill delay 0–${t.maxDelay} ms, ${(t.ms / t.rounds / 1000).toFixed(1)} s a round: all equal to the uninterrupted run, verify clean`);
      expect(t.killed).toBe(ROUNDS);
    }, ROUNDS * 3 * 60_000 + 60_000);
  }
});
