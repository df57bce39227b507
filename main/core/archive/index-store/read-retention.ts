/** Retention's reads of `conversations` joined with `digests`: the sweep's candidates, the stage counts, each row's stage and digest. */
import { EFFECTIVE_STAGE } from './read-digests';
import { connectionOf, type ReadableIndex } from './handle';

export interface CandidateRow {
  seq: number;
  id: string;
  revision: number;
  blob_path: string;
  blob_bytes: number;
  workspace: string;
  instance: string;
  agent: string;
  pinned: number;
  /** Effective: a later store made it whole again. */
  stage: number;
  /** 1 when it has a digest of its current revision. */
  analyzed: number;
  last_activity: string;
}

const CANDIDATE_ROWS = `SELECT c.seq, c.id, c.revision, c.blob_path, c.blob_bytes, c.workspace, c.instance, c.agent, c.pinned,
    ${EFFECTIVE_STAGE} AS stage, COALESCE(d.revision = c.revision, 0) AS analyzed,
    COALESCE(c.ended_at, c.started_at, c.archived_at) AS last_activity
  FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id`;

/** Every conversation, least recently active first (the digest's analysis time, then seq, break ties). */
export function retentionCandidates(index: ReadableIndex): CandidateRow[] {
  return connectionOf(index).prepare(`${CANDIDATE_ROWS} ORDER BY last_activity, d.analyzed_at, c.seq`).all() as CandidateRow[];
}

/** One conversation's row as retentionCandidates gives it, as it is now; undefined when there is none. */
export function retentionCandidate(index: ReadableIndex, id: string): CandidateRow | undefined {
  return connectionOf(index).prepare(`${CANDIDATE_ROWS} WHERE c.id = ?`).get(id) as CandidateRow | undefined;
}

export interface StageCounts {
  readonly whole: number;
  readonly stage1: number;
  readonly stage2: number;
  readonly lost: number;
  readonly pinned: number;
  /** Not lost, and without a digest of the current revision. */
  readonly unanalyzed: number;
}

export function stageCounts(index: ReadableIndex): StageCounts {
  return connectionOf(index)
    .prepare(
      `SELECT COALESCE(SUM(stage = 0), 0) AS whole, COALESCE(SUM(stage = 1), 0) AS stage1, COALESCE(SUM(stage = 2), 0) AS stage2,
         COALESCE(SUM(stage = 3), 0) AS lost, COALESCE(SUM(pinned), 0) AS pinned, COALESCE(SUM(analyzed = 0 AND stage < 3), 0) AS unanalyzed
       FROM (SELECT ${EFFECTIVE_STAGE} AS stage, c.pinned, COALESCE(d.revision = c.revision, 0) AS analyzed
             FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id)`,
    )
    .get() as StageCounts;
}

export interface StageAndDigest {
  readonly id: string;
  readonly revision: number;
  readonly retention_stage: number;
  readonly retention_revision: number | null;
  readonly digest_revision: number | null;
}

/** Each conversation's stage and its digest's revision, by seq. */
export function stagesAndDigests(index: ReadableIndex): StageAndDigest[] {
  return connectionOf(index)
    .prepare('SELECT c.id, c.revision, c.retention_stage, c.retention_revision, d.revision AS digest_revision FROM conversations c LEFT JOIN digests d ON d.conversation_id = c.id ORDER BY c.seq')
    .all() as StageAndDigest[];
}
