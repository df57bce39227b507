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
}
