/** What `dejavu verify` reports, and the record of its last run that the app shows. */

/** One thing found wrong. `repairable`: `dejavu verify --repair` can rebuild it from what the archive holds. */
export interface IntegrityProblem {
  readonly kind:
    | 'missing-blob'
    | 'unreadable-blob'
    | 'wrong-blob'
    | 'revision'
    | 'counts'
    | 'orphan-blob'
    | 'search'
    | 'orphan-search-rows'
    | 'digest'
    | 'ledger'
    | 'cursor'
    | 'missing-content'
    | 'unreferenced-content';
  /** A plain sentence a person can act on. */
  readonly message: string;
  readonly repairable: boolean;
  /** The file concerned, relative to the archive (blobs) or absolute (sources). */
  readonly path?: string;
}

/** The problems of one conversation; `conversationId` is absent for the archive's own files. */
export interface IntegrityGroup {
  readonly conversationId?: string;
  readonly title?: string;
  readonly problems: readonly IntegrityProblem[];
}

export interface IntegrityCounts {
  readonly conversations: number;
  readonly blobFiles: number;
  readonly searchRows: number;
  readonly digests: number;
  readonly ledgerSteps: number;
  readonly sources: number;
}

export interface IntegrityReport {
  readonly checkedAt: string;
  readonly consistent: boolean;
  readonly counts: IntegrityCounts;
  readonly problems: number;
  readonly groups: readonly IntegrityGroup[];
}

/** The last check, kept in the index so the app can show it. */
export interface IntegrityCheck {
  readonly at: string;
  readonly consistent: boolean;
  /** Problems left after the check (and its repair, when asked). */
  readonly problems: number;
  /** Problems fixed by `--repair` (0 without it). */
  readonly repaired: number;
  readonly conversations: number;
  readonly blobFiles: number;
}
