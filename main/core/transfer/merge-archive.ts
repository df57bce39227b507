/**
 * `dejavu merge`: another machine's archive into this one, through this archive's writer (under
 * its lock). The archive only grows: a conversation new here is stored as it came, under its
 * origin machine as instance; one already here takes only what the other copy adds (merge.ts
 * keeps what the incoming copy no longer holds, marked as an earlier revision); an older or
 * slimmed copy changes nothing. Batches commit one by one, so a merge killed at any point is
 * finished by running it again, and running it twice changes nothing the second time.
 */
import type { Conversation } from '../../../shared/record';
import type { FollowedWriter } from '../access/open-writer';
import { mergeConversation } from '../archive/merge';
import { withStorableTokenCounts } from '../archive/token-counts';
import { effectiveStage } from '../verify/check-blobs';
import type { ArchiveSource, IncomingEntry } from './archive-source';
import { instanceHere, type Machine, recordMachine } from '../archive/machine';

export interface MergeReport {
  readonly machine: Machine;
  readonly considered: number;
  readonly added: string[];
  readonly updated: string[];
  /** Conversations this archive had already: the incoming copy was older, the same, or slimmed. */
  readonly unchanged: number;
  /** Conversations that could not be read from the other archive: nothing of them was stored. */
  readonly errors: { readonly id: string; readonly message: string }[];
}

export interface MergeOptions {
  readonly onProgress?: (done: number, total: number) => void;
  /** Conversations per committed batch (default 8: a killed merge redoes little). */
  readonly batchSize?: number;
  /** The search indexer thread's script: search's catch-up then runs there, off the caller's thread (the app's). */
  readonly indexerWorker?: string;
}

export async function mergeArchive(writer: FollowedWriter, source: ArchiveSource, options: MergeOptions = {}): Promise<MergeReport> {
  const here = recordMachine(writer.db);
  const report = { machine: source.machine, considered: source.entries.length, added: [] as string[], updated: [] as string[], unchanged: 0, errors: [] as { id: string; message: string }[] };
  const batchSize = options.batchSize ?? 8;
  let batch: Conversation[] = [];
  let batches = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    batches += 1;
    // Search and digests follow the commit; killed after it, the next run's settle catches them up.
    const outcome = await writer.storeWhole(batch, () => crashFor('before-commit', batches));
    report.added.push(...outcome.created);
    report.updated.push(...outcome.updated);
    batch = [];
    crashFor('after-commit', batches);
  };
  let done = 0;
  for (const entry of source.entries) {
    done += 1;
    try {
      const merged = mergeOne(writer, source, entry, here);
      if (merged) batch.push(merged);
      else report.unchanged += 1;
    } catch (err) {
      report.errors.push({ id: entry.id, message: (err as Error).message });
    }
    if (batch.length >= batchSize) await flush();
    options.onProgress?.(done, source.entries.length);
  }
  await flush();
  // Search and digests catch up with anything a killed run stored but did not index.
  await writer.follow.settle({ indexerWorker: options.indexerWorker });
  return report;
}

/** What to store for one incoming conversation, or undefined when this archive has it all already. */
function mergeOne(writer: FollowedWriter, source: ArchiveSource, entry: IncomingEntry, here: Machine): Conversation | undefined {
  const row = writer.row(entry.id);
  // A slimmed copy never touches one kept here.
  if (row && entry.stage > 0) return undefined;
  const read = source.read(entry);
  if (read.id !== entry.id) throw new Error(`its blob holds another conversation (${read.id})`);
  const incoming = withStorableTokenCounts({ ...read, instance: instanceHere(read.instance, source.machine, here) });
  if (!row) return incoming;
  const local = writer.archived(row);
  if (!local) return incoming; // ours cannot be read: the incoming copy is the one there is
  const localStage = effectiveStage(row);
  // A merge killed after writing this blob, before committing its row, left the row behind the
  // blob: commit what it wrote, as it would have (the blob already holds the incoming copy).
  if (localStage === 0 && holdsAll(local, incoming)) return local.messages.length === row.message_count ? undefined : local;
  const { conversation } = mergeConversation(local, incoming, incoming.sourcePath, { preserve: true, how: 'rewritten', degraded: localStage > 0, now: new Date().toISOString() });
  // It stays where it is here: its workspace and instance are this archive's.
  return { ...conversation, instance: local.instance, workspace: local.workspace };
}

/** Does our copy hold every message of the incoming one (by id)? Then it is the same or newer. */
function holdsAll(local: Conversation, incoming: Conversation): boolean {
  const ids = new Set(local.messages.map((m) => m.id));
  return incoming.messages.every((m) => ids.has(m.id));
}

/** A test's real SIGKILL at a point of the given batch (DEJAVU_MERGE_CRASH_AT=before-commit:2). */
function crashFor(point: 'before-commit' | 'after-commit', batch: number): void {
  if (process.env.DEJAVU_MERGE_CRASH_AT === `${point}:${batch}`) process.kill(process.pid, 'SIGKILL');
}
