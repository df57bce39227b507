/**
 * Index rows against blob files: every row's blob is there, decodes, is that conversation, is
 * the revision the row describes (check-revision.ts) and holds what the row counts, its title and times; every blob file belongs to a row. What each readable blob makes
 * for search is counted on the way, so the search check needs no second read.
 */
import { existsSync } from 'node:fs';
import type { Conversation } from '../../../shared/record';
import { readBlob } from '../archive/blob-store';
import { ContentMissingError } from '../archive/content-store';
import { insideRoot } from '../archive/paths';
import type { ReadableIndex } from '../archive/db';
import { conversationsBySeq } from '../archive/index-store/read-conversations';
import { unfinishedSteps } from '../archive/index-store/read-ledger';
import { digestOfConversation } from '../archive/index-store/read-digests';
import type { RowFacts } from '../archive/index-store/write-conversations';
import { type ConversationRow, rowValues } from '../archive/rows';
import { searchRows } from '../search/search-rows';
import type { Digest } from '../retention/digest';
import { listBlobFiles } from './blob-files';
import { checkRevision, type Witness } from './check-revision';
import { type Finding, problem } from './findings';

export interface BlobCheck {
  readonly findings: Finding[];
  readonly blobFiles: number;
  /** Search rows each readable blob makes, by conversation seq. */
  readonly expectedSearchRows: Map<number, number>;
}

/** The retention stage that applies to a row (a later store makes a conversation whole again). */
export function effectiveStage(row: Pick<ConversationRow, 'retention_stage' | 'retention_revision' | 'revision'>): number {
  return row.retention_revision === row.revision ? row.retention_stage : 0;
}

export function checkBlobs(root: string, db: ReadableIndex): BlobCheck {
  const findings: Finding[] = [];
  const expectedSearchRows = new Map<number, number>();
  const rows = conversationsBySeq(db);
  const witness = (id: string): Witness | undefined => {
    const d = digestOfConversation(db, id);
    try {
      return d && { revision: d.revision, digest: JSON.parse(d.data) as Digest };
    } catch {
      return undefined; // an unreadable digest witnesses nothing (the digest check is about digests)
    }
  };
  for (const row of rows) {
    const stage = effectiveStage(row);
    if (stage === 3) continue; // lost: a recorded data-loss event, no blob by design
    const where = { conversationId: row.id, path: row.blob_path };
    if (!existsSync(insideRootOrNull(root, row.blob_path) ?? '')) {
      findings.push(problem('missing-blob', `Its archived copy ${row.blob_path} is missing; importing or syncing its source file again archives it anew, if that file still exists.`, where));
      continue;
    }
    let blob: Conversation;
    try {
      blob = readBlob(root, row.blob_path);
    } catch (err) {
      if (err instanceof ContentMissingError) {
        findings.push(problem('missing-content', `Its archived copy ${row.blob_path} cannot be read whole: ${err.message}. Importing or syncing its source file again stores it anew, if that file still exists.`, where));
        continue;
      }
      findings.push(problem('unreadable-blob', `Its archived copy ${row.blob_path} cannot be read (${(err as Error).message}); it was left as it is.`, where));
      continue;
    }
    if (blob.id !== row.id) {
      findings.push(problem('wrong-blob', `Its archived copy ${row.blob_path} holds another conversation (${blob.id}); it was left as it is.`, where));
      continue;
    }
    expectedSearchRows.set(row.seq, searchRows(blob).length);
    const otherRevision = checkRevision(row, stage, blob, witness(row.id));
    if (otherRevision) {
      findings.push(otherRevision);
      continue;
    }
    const facts = factsOf(rowValues(blob, row.blob_path, row.blob_bytes, row.source_deleted === 1));
    const says = factsOf(row);
    // A stage-2 copy keeps only the typed prompts (and the last answer), rebuilt from a digest that may not know every fact: only the prompt count carries over.
    const compared: (keyof RowFacts)[] = stage === 2 ? ['prompt_count'] : ['message_count', 'prompt_count', 'warning_count', 'rewrite_count', 'title', 'started_at', 'ended_at'];
    const wrong = compared.filter((k) => facts[k] !== says[k]);
    if (wrong.length) {
      const what = wrong.map((k) => `${FACT_NAMES[k]}: the index says ${shown(says[k])}, the blob holds ${shown(facts[k])}`).join('; ');
      const fixed = Object.fromEntries(compared.map((k) => [k, facts[k]])) as Partial<RowFacts>;
      findings.push(problem('counts', `Its index row does not match its archived copy (${what}).`, { ...where, fix: { type: 'row-facts', id: row.id, facts: { ...says, ...fixed } } }));
    }
  }
  const referenced = new Set(rows.map((r) => r.blob_path));
  // Files an unfinished eviction step still names are the ledger's to settle, not orphans.
  for (const step of unfinishedSteps(db)) for (const p of [step.oldBlob, step.newBlob]) if (p) referenced.add(p);
  const files = listBlobFiles(root);
  for (const file of files) {
    if (referenced.has(file)) continue;
    findings.push(problem('orphan-blob', `${file} is a blob file no conversation points at.`, { path: file, fix: { type: 'move-aside', path: file } }));
  }
  return { findings, blobFiles: files.length, expectedSearchRows };
}

const FACT_NAMES: Record<keyof RowFacts, string> = {
  message_count: 'messages',
  prompt_count: 'prompts',
  warning_count: 'warnings',
  rewrite_count: 'source rewrites',
  title: 'title',
  started_at: 'started',
  ended_at: 'ended',
};

/** What a row says, or what the row a blob makes (rows.ts `rowValues`) would say, read alike. */
function factsOf(r: RowFacts): RowFacts {
  const { message_count, prompt_count, warning_count, rewrite_count } = r;
  return { message_count, prompt_count, warning_count, rewrite_count, title: text(r.title), started_at: text(r.started_at), ended_at: text(r.ended_at) };
}

/** An empty text and an absent one are the same fact (protobuf does not tell them apart). */
function text(s: string | null): string | null {
  return s || null;
}

function shown(v: RowFacts[keyof RowFacts]): string {
  return typeof v === 'number' ? String(v) : v === null ? 'none' : JSON.stringify(v);
}

/** The file a row names, or null when the path would leave the archive (a damaged row). */
function insideRootOrNull(root: string, relative: string): string | null {
  try {
    return insideRoot(root, relative);
  } catch {
    return null;
  }
}
