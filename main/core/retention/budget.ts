/**
 * The budget's rules: which conversations may be degraded, in which order, and while the
 * archive is over which cap. Oldest first means least recently active (a conversation's last
 * message; `analyzedAt` breaks ties): a first sync analyzes years of history within seconds,
 * so the analysis time alone says nothing about age. Pinned conversations are never candidates.
 */
import type { LedgerAction, LedgerReason, RetentionSettings } from '../../../shared/retention';
import type { ReadableIndex } from '../archive/db';
import { type CandidateRow, retentionCandidate, retentionCandidates } from '../archive/index-store/read-retention';

/**
 * Bytes of search.db a step frees per character of search rows it removes, once compacted: the
 * word index and the deflated text (search migration 4) give back ~1.1 on the real fixtures (with
 * 1.5, search.db's size per character in all, fixed costs included, a dry run overestimated what
 * compaction gave back by 38 %: test/retention-report.test.ts; 3.7 with the trigram index).
 */
export const SEARCH_BYTES_PER_CHAR = 1.1;

export interface Candidate {
  readonly seq: number;
  readonly id: string;
  readonly revision: number;
  /** Where its record is now (updated as a sweep moves it). */
  blobPath: string;
  /** Its record's size, and the characters of its search rows once known (as a sweep left or planned it). */
  blobBytes: number;
  searchChars?: number;
  readonly workspace: string;
  readonly instance: string;
  readonly agent: string;
  readonly pinned: boolean;
  /** 0 whole, 1, 2, 3 lost (effective: a later store made it whole again). */
  stage: number;
  /** Has a digest of its current revision (or, in a dry run, a readable blob to make one). */
  analyzed: boolean;
  readonly lastActivity: string;
}

export function loadCandidates(db: ReadableIndex): Candidate[] {
  return retentionCandidates(db).map(candidateOf);
}

/**
 * The conversation as it is now, when a sweep or a sync moved its record since `c` was listed
 * (a reader beside the writer — a space breakdown, an eviction's preview on a reading thread —
 * finds the listed file gone); undefined when it has not moved, so the record is unreadable indeed.
 */
export function movedSince(db: ReadableIndex, c: Candidate): Candidate | undefined {
  const row = retentionCandidate(db, c.id);
  return row && row.blob_path !== c.blobPath ? candidateOf(row) : undefined;
}

function candidateOf(r: CandidateRow): Candidate {
  return {
    seq: r.seq,
    id: r.id,
    revision: r.revision,
    blobPath: r.blob_path,
    blobBytes: r.blob_bytes,
    workspace: r.workspace,
    instance: r.instance,
    agent: r.agent,
    pinned: r.pinned === 1,
    stage: r.stage,
    analyzed: r.analyzed === 1,
    lastActivity: r.last_activity,
  };
}

/** One pass of a sweep: what it does, to whom, and while the archive is how big. */
export interface Phase {
  readonly action: LedgerAction;
  readonly reason: LedgerReason;
  eligible(c: Candidate): boolean;
  active(archiveBytes: number): boolean;
}

/**
 * The passes, in order: (1) when the archive was over the soft cap as the sweep began
 * (`startBytes`), raw bulk of every conversation idle past the maximum age, if one is set, even
 * once the archive is back under: under the soft cap nothing ages out, as an archive outlives
 * the agent; (2) raw bulk of the oldest
 * while over the soft cap; (3) whole threads of the oldest (their digests stay) while over
 * the hard cap; (4) only then, still over the hard cap, conversations that could not be
 * analyzed (their blob is unreadable) are dropped, each a recorded data-loss event.
 */
export function phases(settings: RetentionSettings, now: number, startBytes: number): Phase[] {
  const cutoff = settings.maxAgeDays === null ? undefined : new Date(now - settings.maxAgeDays * 86_400_000).toISOString();
  const open = (c: Candidate) => !c.pinned;
  const list: Phase[] = [];
  if (cutoff && startBytes > settings.softCapBytes) {
    list.push({ action: 'stage-1', reason: 'max-age', eligible: (c) => open(c) && c.analyzed && c.stage === 0 && c.lastActivity < cutoff, active: () => true });
  }
  list.push(
    { action: 'stage-1', reason: 'soft-cap', eligible: (c) => open(c) && c.analyzed && c.stage === 0, active: (n) => n > settings.softCapBytes },
    { action: 'stage-2', reason: 'hard-cap', eligible: (c) => open(c) && c.analyzed && c.stage < 2, active: (n) => n > settings.hardCapBytes },
    { action: 'data-loss', reason: 'hard-cap', eligible: (c) => open(c) && !c.analyzed && c.stage < 3, active: (n) => n > settings.hardCapBytes },
  );
  return list;
}

/** The stage an action leaves a conversation at. */
export function stageOf(action: LedgerAction): 1 | 2 | 3 {
  return action === 'stage-1' ? 1 : action === 'stage-2' ? 2 : 3;
}
