/**
 * `dejavu verify --repair`: rebuilds what the archive can rebuild from what it holds (search
 * rows, digests, index counts, titles and times, rows of another revision than their blob, half-done eviction
 * steps, cursors) and moves stray blob files
 * aside into lost+found. Nothing is deleted but stored content no blob file refers to. Only
 * the writer (lock holder) may call this.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { sweepContent } from '../archive/content-sweep';
import type { WritableArchive } from '../archive/changes';
import type { ReadableIndex } from '../archive/db';
import { conversationBySeq } from '../archive/index-store/read-conversations';
import { correctRowFacts } from '../archive/index-store/write-conversations';
import { forgetSourceCursor } from '../archive/index-store/write-sources';
import { insideRoot } from '../archive/paths';
import { analyzePending } from '../retention/analyze';
import { repairUnfinished } from '../retention/repair';
import { currentThread, type ThreadRow } from '../retention/restore';
import { SearchIndexer } from '../search/indexer';
import { searchRows } from '../search/search-rows';
import { adoptBlobs } from './adopt-blob';
import { LOST_AND_FOUND } from './blob-files';
import type { Finding, Fix } from './findings';

/** What was done, one sentence each. */
export async function repairArchive(archive: WritableArchive, findings: readonly Finding[]): Promise<string[]> {
  const { root, db } = archive;
  const fixes = findings.map((f) => f.fix).filter((f): f is Fix => f !== undefined);
  const of = <T extends Fix['type']>(type: T) => fixes.filter((f): f is Extract<Fix, { type: T }> => f.type === type);
  const done: string[] = [];

  // The ledger first: finishing a step may move a conversation's blob and rebuild its search rows.
  if (of('finish-ledger').length) done.push(`Finished or rolled back ${await repairUnfinished(archive)} interrupted eviction step(s).`);

  const rows = of('row-facts');
  if (rows.length) {
    correctRowFacts(db, rows);
    done.push(`Corrected the counts, titles or times of ${rows.length} index row(s) from their archived copies.`);
  }

  // Before search and digests: a row described anew is a new revision, indexed and analyzed below.
  const adopted = of('adopt-blob');
  if (adopted.length) {
    const forgotten = adoptBlobs(root, db, adopted);
    done.push(
      `Described ${adopted.length} conversation(s) by the revision their archived copy holds, and forgot the cursors of ${forgotten} source file(s): the next sync reads them from their start and adds back what they still hold.`,
    );
  }

  const stale = [...new Set([...of('reindex'), ...of('drop-search-rows'), ...adopted].map((f) => f.seq))];
  if (stale.length) {
    forget(root, stale);
    done.push(`Rebuilt the search rows of ${reindex(root, db)} conversation(s).`);
    const dropped = of('drop-search-rows').length;
    if (dropped) done.push(`Dropped the search rows of ${dropped} conversation(s) the index no longer has.`);
  }

  if (of('analyze').length || adopted.length) {
    const report = await analyzePending(archive);
    done.push(`Made ${report.analyzed} digest(s).`);
  }

  for (const p of new Set(of('forget-cursor').map((f) => f.path))) {
    forgetSourceCursor(db, p);
    done.push(`Forgot the cursor of ${p}; the next sync reads it from its start and keeps what the archive holds.`);
  }

  for (const f of of('move-aside')) done.push(`Moved ${f.path} to ${moveAside(root, f.path)}.`);

  // Last: it marks again from the blob files as they are now, after every move above.
  if (of('sweep-content').length) {
    const swept = sweepContent(root, db);
    done.push(swept.skipped ? `Removed no stored content: ${swept.skipped}.` : `Removed ${swept.removed} stored content file(s) no conversation refers to (${swept.bytes} bytes).`);
  }
  return done;
}

function forget(root: string, seqs: readonly number[]): void {
  const indexer = new SearchIndexer(root);
  try {
    indexer.forget(seqs);
  } finally {
    indexer.close();
  }
}

/** The indexer's catch-up from the blobs; then what it cannot read (digest-only or lost) from what the conversation reads as now. */
function reindex(root: string, db: ReadableIndex): number {
  const indexer = new SearchIndexer(root);
  try {
    let n = indexer.catchUp(root, db);
    for (const p of indexer.pending(db)) {
      try {
        const row = conversationBySeq(db, p.seq) as ThreadRow;
        indexer.index([{ seq: p.seq, id: p.id, revision: p.revision, rows: searchRows(currentThread(root, db, row)) }]);
      } catch {
        n -= 1; // unreadable: verify says so again
      }
    }
    return n;
  } finally {
    indexer.close();
  }
}

/** Move a blob file to lost+found/<its path>, never over another file. Returns where it went. */
function moveAside(root: string, relative: string): string {
  let target = `${LOST_AND_FOUND}/${relative}`;
  for (let i = 1; existsSync(insideRoot(root, target)); i += 1) target = `${LOST_AND_FOUND}/${relative}.${i}`;
  const to = insideRoot(root, target);
  mkdirSync(path.dirname(to), { recursive: true });
  renameSync(insideRoot(root, relative), to);
  return target;
}
