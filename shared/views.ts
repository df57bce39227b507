/**
 * The shapes surfaces read from the archive: list rows, the workspace tree, search hits.
 * Shared by the core (which builds them) and the renderer (which shows them).
 */
import type { ConversationSummary } from './record';
import type { RetentionStage } from './retention';

/** A conversation as lists and the tree show it (no messages). */
export interface ArchivedSummary extends ConversationSummary {
  promptCount: number;
  warningCount: number;
  blobBytes: number;
  archivedAt: string;
  /** Set when retention degraded it (see RetentionStage: what was dropped); absent when whole. */
  retentionStage?: RetentionStage;
  /** The person pinned it: eviction never touches it. */
  pinned?: true;
  /** A source of it was written in the last couple of minutes: the agent may still be writing it. */
  live?: boolean;
}

/** How to reopen a conversation in its agent. */
export interface ResumeHint {
  readonly command: string;
  readonly cwd?: string;
}

/** One conversation that matched a search: its best hit, and how many messages matched in all. */
export interface SearchHit {
  readonly conversation: ArchivedSummary;
  /** The best-matching message, to open the conversation at. */
  readonly messageIndex: number;
  /** How many full-text rows (messages, tool calls, tool outputs) of the conversation matched. */
  readonly hitCount: number;
  readonly role: string;
  readonly scope: string;
  /** A short excerpt around the first match. */
  readonly snippet: string;
  /** [start, end) ranges of matched terms inside `snippet`. */
  readonly highlights: readonly (readonly [number, number])[];
}

/**
 * One page of a search: the conversations its walk met, and, when its budget of text read stopped
 * the walk before the end, where to go on from (main/core/search/README.md, "Bounded pages").
 */
export interface SearchPage {
  readonly hits: readonly SearchHit[];
  /** Absent when the walk was complete: no older conversation can match. */
  readonly more?: SearchMore;
}

/** Where a bounded search page stopped. */
export interface SearchMore {
  /** Opaque: pass it back as the next request's `cursor` to search the older conversations. */
  readonly cursor: number;
  /** When the last conversation searched was last active (ISO): the page searched back to there. */
  readonly searchedBackTo: string;
}

/** workspace → instance → date, with conversation counts at every level. */
export interface TreeWorkspace {
  readonly workspace: string;
  readonly count: number;
  readonly instances: readonly TreeInstance[];
}

export interface TreeInstance {
  readonly instance: string;
  readonly count: number;
  readonly dates: readonly TreeDate[];
}

export interface TreeDate {
  /** YYYY-MM-DD (local to the archive's clock: UTC), or `undated`. */
  readonly date: string;
  readonly count: number;
}

export interface ArchiveStatsView {
  readonly conversations: number;
  readonly messages: number;
  readonly prompts: number;
  readonly sourceDeleted: number;
  readonly blobBytes: number;
  readonly byAgent: Readonly<Record<string, number>>;
  /** Per agent: archived conversations whose files the agent no longer has (kept after the agent deleted them). */
  readonly keptByAgent: Readonly<Record<string, number>>;
}

/** Space one workspace or agent takes in the archive, and what each eviction stage would free there. */
export interface SpaceGroup {
  readonly name: string;
  readonly conversations: number;
  /** Blob bytes now. */
  readonly bytes: number;
  /** Bytes (blobs and estimated search rows) stage 1 would free: raw bulk of every whole, unpinned conversation. */
  readonly stage1Frees: number;
  /** Bytes stage 2 would free: every unpinned conversation not yet digest-only kept as its digest thread. */
  readonly stage2Frees: number;
  readonly pinned: number;
}

export interface SpaceBreakdown {
  readonly byWorkspace: readonly SpaceGroup[];
  readonly byAgent: readonly SpaceGroup[];
  /** Conversations whose blob could not be read (counted in bytes, not in what a stage frees). */
  readonly unreadable: number;
}

/** An agent's own cleanup about to delete sessions the archive does not hold yet (Claude Code's cleanupPeriodDays). */
export interface CleanupRisk {
  readonly agent: 'claude-code';
  readonly cleanupPeriodDays: number;
  /** Where the period came from: the settings file, or Claude Code's default. */
  readonly from: 'settings' | 'default';
  /** Session files the cleanup deletes within the next 7 days that are not archived as they are now. */
  readonly unarchived: number;
  /** When the first of them becomes old enough to be deleted (ISO), if any. */
  readonly firstDeletionAt?: string;
}
