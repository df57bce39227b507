/**
 * An eviction sweep: repair what a crash left, analyze what has no digest, then degrade the
 * oldest conversations in stages until the archive fits its budget (budget.ts says who and
 * when; step.ts does each batch crash-safely). Runs through the archive writer's lock and
 * connection, in chunks that yield to the event loop so a host process stays responsive.
 */
import { randomUUID } from 'node:crypto';
import type { EvictionReport, EvictionStep, RetentionSettings } from '../../../shared/retention';
import { readBlob } from '../archive/blob-store';
import type { WritableArchive } from '../archive/changes';
import type { ReadableIndex, WritableIndex } from '../archive/db';
import { checkpointIndex } from '../archive/index-store/handle';
import { digestBytes } from '../archive/index-store/read-digests';
import { sweepContent } from '../archive/content-sweep';
import { archiveDiskBytes } from '../archive/disk-usage';
import { compactSearchDb } from '../search/compact-search';
import { analyzePending } from './analyze';
import { type Candidate, loadCandidates, movedSince, phases, stageOf } from './budget';
import { markRun, readSettings, type SettingsPatch, settingsPatchSchema, withPatch } from './settings';
import { endSweep, saveSweep, unfinishedSweep } from './sweep-state';
import { type CrashPoint, executeSteps, prepareStep, type PreparedStep, UnreadableError } from './step';

/** What a dry run reads: the archive folder and an index connection. */
export interface ArchiveAccess {
  readonly root: string;
  readonly db: ReadableIndex;
}

export interface SweepOptions {
  /** false: plan only, change nothing (not even analysis). */
  readonly apply: boolean;
  /** Override the saved settings for this run. */
  readonly overrides?: SettingsPatch;
  readonly now?: number;
  /** Steps per crash-safe batch (default 32). */
  readonly batch?: number;
  /** Tests only: SIGKILL this process at a point of the first batch. */
  readonly crashAt?: CrashPoint;
  readonly onProgress?: (done: number) => void;
  /** Compacts search.db at the end of an applied sweep (a thread of its own in the app: compact-thread.ts); else on this thread. */
  readonly compactSearch?: (root: string) => Promise<void>;
}

const yieldNow = () => new Promise((resolve) => setImmediate(resolve));

/** An applied sweep needs the writer (its lock held, search and digests following its changes); a dry run any connection. */
export async function sweep(archive: ArchiveAccess | WritableArchive, options: SweepOptions): Promise<EvictionReport> {
  const started = performance.now();
  const { root, db } = archive;
  const writable = options.apply ? writableOf(archive) : undefined;
  const now = options.now ?? Date.now();
  const settings: RetentionSettings = withPatch(readSettings(db), settingsPatchSchema.parse(options.overrides ?? {}));
  const analysis = writable ? await analyzePending(writable) : { analyzed: 0, repaired: 0 };
  const before = archiveDiskBytes(root);
  // A killed sweep's count, not the disk it left uncompacted (see sweep-state.ts).
  const resumed = unfinishedSweep(db);
  const start = resumed?.start ?? before;
  const candidates = loadCandidates(db);
  if (!options.apply) for (const c of candidates) if (!c.analyzed && c.stage < 2) c.analyzed = readable(root, c);

  const runId = randomUUID();
  const done: PreparedStep[] = [];
  let size = resumed?.size ?? before;
  if (writable) saveSweep(writable.db, runId, { start, size });
  for (const phase of phases(settings, now, start)) {
    let batch: PreparedStep[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const crashAt = done.length === 0 ? options.crashAt : undefined;
      const taken = writable ? await executeSteps(writable, runId, batch, { crashAt, onCommit: () => saveSweep(writable.db, runId, { start, size }) }) : batch;
      for (const s of taken) {
        s.candidate.stage = stageOf(s.action);
        // A dry run writes nothing, so its next stage reads the record as it is, but counts from
        // what this one would leave: its plan and figures are those of the real run.
        if (writable && s.newBlob) s.candidate.blobPath = s.newBlob;
        s.candidate.blobBytes = s.blobBytesAfter;
        s.candidate.searchChars = s.searchCharsAfter;
      }
      done.push(...taken);
      batch = [];
      options.onProgress?.(done.length);
      await yieldNow();
    };
    for (const c of candidates) {
      if (!phase.active(size)) break;
      if (!phase.eligible(c)) continue;
      let step: PreparedStep | undefined;
      try {
        step = prepareStep(root, db, c, phase.action, phase.reason);
      } catch (err) {
        if (!(err instanceof UnreadableError)) throw err;
        // A preview reads beside the writer (a reading thread): a record a sweep or a sync moved
        // meanwhile is not unreadable, and not this plan's to take.
        if (!writable && movedSince(db, c)) continue;
        c.analyzed = false; // nothing can be made of it: only the data-loss pass may take it
      }
      if (!step) continue;
      batch.push(step);
      size -= step.estimatedFreed;
      if (batch.length >= (options.batch ?? 32)) await flush();
    }
    await flush();
  }
  // A resumed sweep also gives back what the killed one freed but never compacted.
  if (writable && (done.length || resumed !== undefined)) {
    // Content only the old copies referred to (stage 1 drops bulk) goes once no blob refers to it.
    sweepContent(root, writable.db);
    await compact(root, writable.db, options.compactSearch);
  }
  if (writable) {
    endSweep(writable.db);
    markRun(writable.db, new Date(now).toISOString());
  }
  const after = options.apply ? archiveDiskBytes(root) : Math.max(0, size);
  const steps: EvictionStep[] = done.map((s) => ({ conversationId: s.candidate.id, action: s.action, reason: s.reason, bytesFreed: s.blobBytesBefore - s.blobBytesAfter }));
  const recordBytesFreed = steps.reduce((n, s) => n + s.bytesFreed, 0);
  return {
    dryRun: !options.apply,
    settings,
    archiveBytesBefore: before,
    archiveBytesAfter: after,
    analyzed: analysis.analyzed,
    repaired: analysis.repaired,
    steps,
    bytesFreed: before - after,
    recordBytesFreed,
    indexBytesFreed: before - after - recordBytesFreed,
    dataLoss: steps.filter((s) => s.action === 'data-loss').map((s) => s.conversationId),
    overHardCap: after > settings.hardCapBytes,
    digestCapExceeded: digestBytes(db) > settings.digestCapBytes,
    ms: Math.round(performance.now() - started),
  };
}

function readable(root: string, c: Candidate): boolean {
  try {
    readBlob(root, c.blobPath);
    return true;
  } catch {
    return false;
  }
}

/** Give freed space back to the disk: search.db's (search/compact-search.ts), then index.db's write-ahead log. */
async function compact(root: string, db: WritableIndex, compactSearch = (at: string) => compactSearchDb(at, yieldNow)): Promise<void> {
  await compactSearch(root);
  checkpointIndex(db);
}

function writableOf(archive: ArchiveAccess | WritableArchive): WritableArchive {
  if (!('changes' in archive)) throw new Error('an applied sweep needs the archive writer (access/open-writer.ts), not a read connection');
  return archive;
}
