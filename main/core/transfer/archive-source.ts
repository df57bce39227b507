/**
 * Another machine's archive, opened for a merge: a file written by `dejavu export-archive` or
 * an archive folder (read, never written). Either way: its machine, its conversations, and
 * each one's blob on demand.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../shared/record';
import { readBlob } from '../archive/blob-store';
import { decodeConversation } from '../archive/codec';
import { openIndexUnchanged } from '../archive/db';
import { conversationsBySeq } from '../archive/index-store/read-conversations';
import { INDEX_FILE } from '../archive/paths';
import { effectiveStage } from '../verify/check-blobs';
import { type Machine, recordedMachine } from '../archive/machine';
import { MANIFEST_NAME, type ManifestEntry, manifestSchema } from './manifest';
import { TarReader } from './tar';

/** What a merge needs of one conversation before reading its blob. */
export type IncomingEntry = Omit<ManifestEntry, 'file'>;

export interface ArchiveSource {
  readonly machine: Machine;
  readonly entries: readonly IncomingEntry[];
  read(entry: IncomingEntry): Conversation;
  close(): void;
}

/** Why a path cannot be merged, said to the person. */
export class MergeSourceError extends Error {
  override readonly name = 'MergeSourceError';
}

/** `machineName` names an archive that does not name its machine (or renames one that does). */
export function openArchiveSource(target: string, machineName?: string): ArchiveSource {
  const where = path.resolve(target);
  if (!existsSync(where)) throw new MergeSourceError(`nothing to merge at ${where}: no such file or folder`);
  return statSync(where).isDirectory() ? openFolder(where, machineName) : openFile(where, machineName);
}

function openFile(file: string, machineName?: string): ArchiveSource {
  let tar: TarReader;
  try {
    tar = new TarReader(file);
  } catch (err) {
    throw new MergeSourceError(`${file} is not an archive written by \`dejavu export-archive\` (${(err as Error).message})`);
  }
  try {
    const member = tar.members.get(MANIFEST_NAME);
    if (!member) throw new MergeSourceError(`${file} has no ${MANIFEST_NAME}: it is not an archive written by \`dejavu export-archive\`, or it was cut short`);
    let manifest;
    try {
      manifest = manifestSchema.parse(JSON.parse(tar.read(member).toString('utf8')));
    } catch (err) {
      throw new MergeSourceError(`${file} has a ${MANIFEST_NAME} this version cannot read (${(err as Error).message.split('\n')[0]})`);
    }
    const files = new Map(manifest.conversations.map((e) => [e.id, e.file]));
    return {
      machine: machineName ? { ...manifest.machine, name: machineName } : manifest.machine,
      entries: manifest.conversations.map(({ file: _file, ...e }) => e),
      read(entry) {
        const m = tar.members.get(files.get(entry.id) ?? '');
        if (!m) throw new Error(`${file} lists ${entry.id} but holds no ${files.get(entry.id)}`);
        return decodeConversation(tar.read(m));
      },
      close: () => tar.close(),
    };
  } catch (err) {
    tar.close();
    throw err;
  }
}

function openFolder(root: string, machineName?: string): ArchiveSource {
  if (!existsSync(path.join(root, INDEX_FILE))) throw new MergeSourceError(`${root} is not a Déjà Vu archive folder (no ${INDEX_FILE} in it)`);
  // Read-only: merging from an archive never changes it (nor migrates it).
  let db;
  try {
    db = openIndexUnchanged(root);
  } catch (err) {
    throw new MergeSourceError(`cannot read the archive ${root}: ${(err as Error).message}`);
  }
  try {
    const recorded = recordedMachine(db);
    if (!recorded && !machineName) {
      throw new MergeSourceError(`the archive ${root} does not name its machine (an older Déjà Vu wrote it last): name it with --machine NAME`);
    }
    const machine = recorded ? { ...recorded, name: machineName ?? recorded.name } : { id: `folder:${root}`, name: machineName! };
    const rows = conversationsBySeq(db);
    const blobs = new Map(rows.map((r) => [r.id, r.blob_path]));
    const entries = rows
      .filter((r) => effectiveStage(r) !== 3)
      .map((r) => ({
        id: r.id,
        agent: r.agent,
        workspace: r.workspace,
        instance: r.instance,
        startedAt: r.started_at ?? undefined,
        endedAt: r.ended_at ?? undefined,
        messageCount: r.message_count,
        stage: effectiveStage(r),
      }));
    return {
      machine,
      entries,
      read: (entry) => readBlob(root, blobs.get(entry.id) ?? ''),
      close: () => undefined,
    };
  } finally {
    db.close();
  }
}
