/**
 * One timeline per repository: every conversation of every agent in a repository (and branch or
 * worktree), in time order, with what it was asked, how it ended, what it touched, its plans and
 * what it cost. The read surface a run orchestrator (or a person catching up) would use.
 */
import type { AgentId } from './agents';
import type { ParentLink } from './parent-link';
import type { PlanLink, PlanOrigin } from './plans';

export interface TimelineQuery {
  /** A repository: its name (the root folder's), its root path, a path inside it, or a workspace. */
  readonly repo?: string;
  /** A git branch, or the folder name of a worktree. */
  readonly branch?: string;
  /** Local day (`YYYY-MM-DD`) from which on, inclusive, by start time. */
  readonly since?: string;
  readonly timeZone?: string;
  readonly agent?: AgentId;
}

export interface TimelineRepository {
  /** The root folder: the outermost archived working directory holding the others (a worktree joins its main checkout). */
  readonly root: string;
  readonly name: string;
  readonly conversations: number;
  readonly branches: readonly string[];
  readonly firstAt?: string;
  readonly lastAt?: string;
}

export interface TimelineEntry {
  readonly conversationId: string;
  readonly agent: AgentId;
  readonly title: string;
  /** The repository root (or the workspace name when the agent recorded no directory). */
  readonly repository: string;
  readonly cwd?: string;
  /** The worktree's folder, when the conversation ran in one apart from the main checkout. */
  readonly worktree?: string;
  readonly branch?: string;
  readonly startedAt?: string;
  readonly endedAt?: string;
  readonly firstPrompt?: string;
  readonly prompts: number;
  readonly outcome: 'success' | 'fail' | 'abandoned' | 'unknown';
  /** Files touched, counted; the changed ones first (paths relative to the repository root where inside it). */
  readonly files: { readonly total: number; readonly changed: number; readonly top: readonly string[] };
  /** Tokens and cost with subagents rolled in; costUsd null when nothing had a price. */
  readonly tokens: number;
  readonly costUsd: number | null;
  readonly unpricedTokens: number;
  readonly subagents: number;
  /** The conversation a fork or a continuation came from (a subagent has no entry of its own). */
  readonly parent?: ParentLink;
  readonly plans: readonly { readonly id: string; readonly title: string; readonly origin: PlanOrigin; readonly link: PlanLink }[];
}

export interface TimelineAnswer {
  readonly query: TimelineQuery;
  readonly timeZone: string;
  readonly repositories: readonly TimelineRepository[];
  /** Oldest first. */
  readonly entries: readonly TimelineEntry[];
  readonly totals: { readonly tokens: number; readonly costUsd: number | null; readonly unpricedTokens: number };
}
