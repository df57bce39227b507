/**
 * Retention shapes shared by the core (which builds them), the CLI and the app (which show
 * them): the person's budget settings, the eviction ledger, and what a sweep did.
 */
/** When the app runs an eviction sweep by itself. */
export const EVICTION_CADENCES = ['daily', 'on-sync', 'manual'] as const;
export type EvictionCadence = (typeof EVICTION_CADENCES)[number];

/**
 * A partial settings update as the CLI and the app send it; validated (retention-schema.ts)
 * before it is stored. This file stays free of the schema library: the renderer imports it.
 */
export interface RetentionPatch {
  softCapBytes?: number;
  hardCapBytes?: number;
  maxAgeDays?: number | null;
  digestCapBytes?: number;
  cadence?: EvictionCadence;
}

export interface RetentionSettings {
  /** Above this archive size, the oldest conversations lose their raw bulk (stage 1). */
  readonly softCapBytes: number;
  /** Above this, the oldest lose their thread and keep their digest (stage 2). */
  readonly hardCapBytes: number;
  /** Over the soft cap, raw bulk of conversations idle longer than this goes first; null (the default): never. */
  readonly maxAgeDays: number | null;
  /** Digests above this total raise an alert; digests are never dropped automatically. */
  readonly digestCapBytes: number;
  readonly cadence: EvictionCadence;
}

/**
 * How far a conversation was degraded: 1 raw native records and large tool output / images
 * dropped (prompts, answers, tool calls kept); 2 thread dropped, digest kept (every typed
 * prompt and the last answer); 3 lost (unreadable and dropped at the hard cap: a data-loss event).
 */
export type RetentionStage = 1 | 2 | 3;

export type LedgerAction = 'stage-1' | 'stage-2' | 'data-loss';
export type LedgerReason = 'max-age' | 'soft-cap' | 'hard-cap';
export type LedgerStatus = 'intent' | 'committed' | 'done' | 'rolled-back';

/** One eviction step, as the ledger recorded it. */
export interface LedgerEntry {
  readonly seq: number;
  readonly runId: string;
  readonly at: string;
  readonly conversationId: string;
  readonly action: LedgerAction;
  readonly reason: LedgerReason;
  readonly status: LedgerStatus;
  readonly bytesFreed: number;
  readonly detail?: string;
}

export interface LedgerTotals {
  /** Steps that happened (committed or done), by action. */
  readonly stage1: number;
  readonly stage2: number;
  readonly dataLoss: number;
  readonly bytesFreed: number;
  /** Steps a crash interrupted before they changed anything (nothing happened). */
  readonly rolledBack: number;
}

/** What the app's retention settings page and `dejavu stats` show. */
export interface RetentionView {
  readonly settings: RetentionSettings;
  readonly defaults: RetentionSettings;
  readonly archiveBytes: number;
  readonly digestBytes: number;
  readonly digestCapExceeded: boolean;
  /** Conversations at each stage (0 = whole), pinned ones, and ones without a digest yet. */
  readonly stages: { readonly whole: number; readonly stage1: number; readonly stage2: number; readonly lost: number };
  readonly pinned: number;
  readonly unanalyzed: number;
  readonly ledger: LedgerTotals;
  readonly recent: readonly LedgerEntry[];
  /** Every data-loss event ever recorded: these are shown until the person has seen them. */
  readonly dataLoss: readonly LedgerEntry[];
  readonly lastRunAt?: string;
}

/** One planned or done step of a sweep. */
export interface EvictionStep {
  readonly conversationId: string;
  readonly action: LedgerAction;
  readonly reason: LedgerReason;
  readonly bytesFreed: number;
}

export interface EvictionReport {
  readonly dryRun: boolean;
  readonly settings: RetentionSettings;
  /** Measured on disk as the sweep began. */
  readonly archiveBytesBefore: number;
  /** Estimated for a dry run; measured on disk after an applied one (its compaction done). */
  readonly archiveBytesAfter: number;
  readonly analyzed: number;
  readonly repaired: number;
  /** Each step's bytesFreed is its conversation record's (blob file) bytes, exact. */
  readonly steps: readonly EvictionStep[];
  /** archiveBytesBefore − archiveBytesAfter: recordBytesFreed + indexBytesFreed. */
  readonly bytesFreed: number;
  /** Of it, the conversation records (the steps' bytes): the same in a dry run and the real one. */
  readonly recordBytesFreed: number;
  /**
   * The rest: search.db rows of the degraded conversations and the compaction that gives their
   * pages back (with anything else it reclaims), less the ledger and digests written. Estimated
   * in a dry run from the characters indexed (3.7 bytes each, measured on the fixtures).
   */
  readonly indexBytesFreed: number;
  readonly dataLoss: readonly string[];
  /** Still over the hard cap when nothing more could go (pinned, index files, digests). */
  readonly overHardCap: boolean;
  readonly digestCapExceeded: boolean;
  readonly ms: number;
}
