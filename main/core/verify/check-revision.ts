/**
 * Is a blob the revision its index row describes? A row copies its facts (counts, times, title,
 * sources) from the blob of the revision it was stored with; a blob of another revision (a backup
 * put back over it, a writer killed between its blob and its row) holds other facts. The digest
 * of the row's revision, made from that blob when it was stored, says which side is wrong: when
 * the blob agrees with it, the blob is that revision and only the row is off (check-blobs.ts
 * corrects its counts, title and times).
 */
import type { Conversation } from '../../../shared/record';
import { type ConversationRow, stringListColumn } from '../archive/rows';
import type { Digest } from '../retention/digest';
import { type Finding, problem } from './findings';

/** What a revision is known by. A stage-2 thread keeps only the typed prompts, so its message count is not compared. */
interface RevisionFacts {
  readonly messages?: number;
  readonly prompts: number;
  readonly startedAt?: string;
  readonly endedAt?: string;
  readonly title?: string;
  readonly sources?: string;
}

const NAMES: Record<keyof RevisionFacts, string> = { messages: 'messages', prompts: 'prompts', startedAt: 'started', endedAt: 'ended', title: 'title', sources: 'source files' };

/** The digest stored for the row's revision, when there is one. */
export interface Witness {
  readonly revision: number;
  readonly digest: Digest;
}

export function checkRevision(row: ConversationRow, stage: number, blob: Conversation, witness: Witness | undefined): Finding | undefined {
  const rowFacts = facts(row.message_count, row.prompt_count, row.started_at, row.ended_at, row.title, row.sources, stage);
  const blobFacts = facts(blob.messages.length, blob.messages.filter((m) => m.role === 'user').length, blob.startedAt, blob.endedAt, blob.title, JSON.stringify(blob.sources), stage);
  const wrong = differing(rowFacts, blobFacts, true);
  if (!wrong.length) return undefined;
  if (witness?.revision === row.revision) {
    const d = witness.digest;
    const said = facts(d.counts.messages, d.counts.prompts, d.startedAt, d.endedAt, d.title, d.sources ? JSON.stringify(d.sources) : undefined, stage);
    if (!differing(said, blobFacts, false).length) return undefined;
  }
  const what = wrong.map((k) => `${NAMES[k]}: the row says ${shown(k, rowFacts[k])}, the copy holds ${shown(k, blobFacts[k])}`).join('; ');
  const message = `Its archived copy ${row.blob_path} is not revision ${row.revision}, which its index row describes (${what}).`;
  const where = { conversationId: row.id, path: row.blob_path };
  // A stage-2 thread is rebuilt from its digest by retention, not here: describing the row by it would lose the digest's facts.
  if (stage === 2) return problem('revision', `${message} It was left as it is; its digest still holds its typed prompts.`, where);
  return problem('revision', `${message} What only the row counts is not in the archive; its source files may still hold it.`, {
    ...where,
    fix: { type: 'adopt-blob', id: row.id, seq: row.seq, sources: [...new Set([...stringListColumn(row.sources), ...blob.sources])] },
  });
}

function facts(messages: number, prompts: number, startedAt: string | null | undefined, endedAt: string | null | undefined, title: string | null | undefined, sources: string | undefined, stage: number): RevisionFacts {
  // An empty string and an absent one are the same fact (protobuf does not tell them apart).
  const text = (s: string | null | undefined) => s || undefined;
  return { ...(stage === 2 ? {} : { messages }), prompts, startedAt: text(startedAt), endedAt: text(endedAt), title: text(title), sources };
}

/** Facts the two disagree on; `strict`: one knowing a fact the other lacks is a disagreement (not so for a version-1 digest, which may not know every one). */
function differing(a: RevisionFacts, b: RevisionFacts, strict: boolean): (keyof RevisionFacts)[] {
  return (Object.keys(NAMES) as (keyof RevisionFacts)[]).filter((k) => a[k] !== b[k] && (strict || (a[k] !== undefined && b[k] !== undefined)));
}

function shown(key: keyof RevisionFacts, v: RevisionFacts[keyof RevisionFacts]): string {
  if (v === undefined) return 'none';
  if (typeof v === 'number') return String(v);
  return key === 'sources' ? stringListColumn(v).join(', ') : JSON.stringify(v);
}
