/** Plans agents wrote or followed, as the digest keeps them and as every surface lists them. */
import type { AgentId } from './agents';

/** Where a plan was found; see main/core/retention/digest-plans.ts. */
export type PlanOrigin = 'plan-mode' | 'plan-file' | 'prompt' | 'steps';

export const PLAN_ORIGINS: readonly PlanOrigin[] = ['plan-mode', 'plan-file', 'prompt', 'steps'];

/** `made`: this conversation wrote the plan; `used`: it was handed the plan, or read its file. */
export type PlanLink = 'made' | 'used';

export interface PlanStep {
  readonly text: string;
  /** As the agent wrote it: `pending`, `in_progress`, `completed`, … */
  readonly status?: string;
}

/** One plan in one conversation, as its digest keeps it. */
export interface PlanFact {
  readonly origin: PlanOrigin;
  readonly link: PlanLink;
  /** The tool that carried it (`ExitPlanMode`, `update_plan`, `Write`, …); absent for a prompt. */
  readonly tool?: string;
  readonly title: string;
  /** The plan as Markdown; empty for a plan file only read (or edited without its base). */
  readonly text: string;
  /** Content hash of `text`; absent when there is no text. */
  readonly hash?: string;
  readonly at?: string;
  /** The message that holds it, for opening the thread there. */
  readonly messageIndex: number;
  /** Absolute path of a plan file. */
  readonly path?: string;
  readonly steps?: readonly PlanStep[];
  /** How many times a step list was updated (its last state is kept). */
  readonly updates?: number;
}

/** A conversation that made or used a plan. */
export interface PlanUse {
  readonly conversationId: string;
  readonly agent: AgentId;
  readonly workspace: string;
  readonly conversationTitle: string;
  readonly gitBranch?: string;
  readonly link: PlanLink;
  readonly origin: PlanOrigin;
  readonly tool?: string;
  readonly at?: string;
  readonly messageIndex: number;
  readonly path?: string;
}

/** A plan, deduplicated across the archive: every conversation that made or used it. */
export interface PlanDocument {
  /** Stable: the content hash of the earliest version seen. */
  readonly id: string;
  readonly title: string;
  /** The latest version's Markdown. */
  readonly text: string;
  readonly origins: readonly PlanOrigin[];
  readonly workspaces: readonly string[];
  readonly paths: readonly string[];
  /** Distinct texts merged into this plan (edits, near-duplicates). */
  readonly versions: number;
  readonly firstAt?: string;
  readonly lastAt?: string;
  readonly steps?: readonly PlanStep[];
  readonly uses: readonly PlanUse[];
}

export interface PlansQuery {
  /** Words that must all appear in the title or text (case-insensitive). */
  readonly text?: string;
  readonly workspace?: string;
  readonly conversationId?: string;
  readonly origin?: PlanOrigin;
}

export interface PlansAnswer {
  readonly query: PlansQuery;
  /** Most recent first. */
  readonly plans: readonly PlanDocument[];
}
