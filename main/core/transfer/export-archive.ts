/**
 * `dejavu export-archive`: the archive, or the part a filter picks, as one tar file holding
 * each conversation's blob and a manifest (manifest.ts). Written under a temporary name and
 * renamed when whole, so a killed export never leaves a file that looks complete.
 */
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ReadableIndex } from '../archive/db';
import { conversationsToExport, type ExportFilter } from '../archive/index-store/read-conversations';
import { insideRoot } from '../archive/paths';
import { readBlob } from '../archive/blob-store';
import { contentRefsOf, encodeConversation } from '../archive/codec';
import { effectiveStage } from '../verify/check-blobs';
import { machineOf } from '../archive/machine';
import { type Manifest, type ManifestEntry, MANIFEST_FORMAT, MANIFEST_NAME, MANIFEST_VERSION } from './manifest';
import { TarWriter } from './tar';

export type { ExportFilter } from '../archive/index-store/read-conversations';

export interface ExportReport {
  readonly file: string;
  readonly conversations: number;
  readonly bytes: number;
  /** Conversations whose blob could not be read (moved by a sweep meanwhile, damaged): left out. */
  readonly skipped: { readonly id: string; readonly message: string }[];
}

export function exportArchive(root: string, db: ReadableIndex, file: string, filter: ExportFilter = {}): ExportReport {
  const rows = conversationsToExport(db, filter);
  const target = path.resolve(file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`);
  const tar = new TarWriter(temp);
  const entries: ManifestEntry[] = [];
  const skipped: { id: string; message: string }[] = [];
  let bytes = 0;
  try {
    for (const row of rows) {
      const stage = effectiveStage(row);
      if (stage === 3) continue; // lost: only its digest remains, which a merge rebuilds from nothing
      let blob: Buffer;
      try {
        blob = selfContained(root, row.blob_path, readFileSync(insideRoot(root, row.blob_path)));
      } catch (err) {
        skipped.push({ id: row.id, message: (err as Error).message });
        continue;
      }
      const member = `blobs/${String(entries.length + 1).padStart(7, '0')}.pb`;
      tar.add(member, blob);
      bytes += blob.length;
      entries.push({
        id: row.id,
        file: member,
        agent: row.agent,
        workspace: row.workspace,
        instance: row.instance,
        startedAt: row.started_at ?? undefined,
        endedAt: row.ended_at ?? undefined,
        messageCount: row.message_count,
        stage: stage as 0 | 1 | 2,
      });
    }
    const manifest: Manifest = { format: MANIFEST_FORMAT, version: MANIFEST_VERSION, machine: machineOf(db), exportedAt: new Date().toISOString(), filter: { ...filter }, conversations: entries };
    tar.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)));
    tar.finish();
    renameSync(temp, target);
  } catch (err) {
    try {
      tar.abandon();
    } catch {
      // already closed by finish()
    }
    rmSync(temp, { force: true });
    throw err;
  }
  return { file: target, conversations: entries.length, bytes, skipped };
}

/** The blob as it is, or re-encoded with its stored content inline: the file must read on its own. */
function selfContained(root: string, relative: string, blob: Buffer): Buffer {
  return contentRefsOf(blob).length ? encodeConversation(readBlob(root, relative)) : blob;
}
