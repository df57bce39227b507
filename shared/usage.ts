/**
 * Usage and cost as every surface shows it (CLI, MCP, app): token totals and US-dollar cost
 * grouped by the person's local day, week or month, or by agent, model or workspace, and the
 * conversations that cost most with their subagents rolled in. A model the price table does not
 * know is reported as unpriced, never as free.
 */
import type { AgentId } from './agents';
import type { ConversationRelation, Usage } from './record';

export const USAGE_GROUPINGS = ['day', 'week', 'month', 'agent', 'model', 'workspace'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** Token counts by kind; `total` = input + output + cache read + cache write (output includes reasoning). */
export interface TokenTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  reasoning: number;
  total: number;
}

/** What some tokens cost: `costUsd` is the priced part, null when nothing in it has a price. */
export interface Spend {
  readonly tokens: TokenTotals;
  readonly costUsd: number | null;
  /** Tokens of models the price table does not know (not counted in `costUsd`). */
  readonly unpricedTokens: number;
  readonly unpricedModels: readonly string[];
}

export interface UsageRow extends Spend {
  /** `2026-04-24` (day), `2026-04-20` (the Monday of a week), `2026-04` (month), or the agent / model / workspace. */
  readonly key: string;
  /** Conversations with usage in this row. */
  readonly conversations: number;
  /** The same row split by agent and by model: what charts stack. */
  readonly byAgent: Readonly<Record<string, { readonly tokens: number; readonly costUsd: number | null }>>;
  readonly byModel: Readonly<Record<string, { readonly tokens: number; readonly costUsd: number | null }>>;
}

export interface ConversationUsage {
  readonly id: string;
  readonly agent: AgentId;
  readonly workspace: string;
  readonly title: string;
  readonly startedAt?: string;
  readonly parentId?: string;
  /** How it relates to its parent, when it has one: only a subagent's spend is rolled into the parent's. */
  readonly relation?: ConversationRelation;
  /** Its own messages only. */
  readonly own: Spend;
  /** Its own plus every subagent below it: what the conversation really cost. */
  readonly withSubagents: Spend;
  readonly subagents: number;
}

export interface PriceTable {
  readonly name: string;
  readonly version: string;
}

export interface UsageReport {
  readonly by: UsageGrouping;
  /** The IANA zone days were cut in. */
  readonly timeZone: string;
  readonly since?: string;
  readonly priceTable: PriceTable;
  readonly rows: readonly UsageRow[];
  readonly total: Spend & { readonly conversations: number };
  /** Top-level conversations (subagents rolled in), most expensive first. */
  readonly topConversations: readonly ConversationUsage[];
  /** Conversations whose tokens have no time: counted in totals and non-time groupings only. */
  readonly undatedConversations: number;
}

export const USAGE_KEYS = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;

/** `a + b`, field by field; a field absent from both stays absent. */
export function addUsage(a: Usage | undefined, b: Usage): Usage {
  const out: Usage = { ...a };
  for (const key of USAGE_KEYS) {
    if (b[key] !== undefined) out[key] = (out[key] ?? 0) + b[key];
  }
  return out;
}

export function emptyTotals(): TokenTotals {
  return { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, reasoning: 0, total: 0 };
}

export function addToTotals(t: TokenTotals, u: Usage): void {
  t.input += u.inputTokens ?? 0;
  t.output += u.outputTokens ?? 0;
  t.cacheRead += u.cacheReadTokens ?? 0;
  t.cacheWrite += u.cacheWriteTokens ?? 0;
  t.reasoning += u.reasoningTokens ?? 0;
  t.total += (u.inputTokens ?? 0) + (u.outputTokens ?? 0) + (u.cacheReadTokens ?? 0) + (u.cacheWriteTokens ?? 0);
}

/** `$1.23`, `$0.0042`, or `no price`: never a made-up zero. */
export function formatCost(costUsd: number | null): string {
  if (costUsd === null) return 'no price';
  if (costUsd !== 0 && Math.abs(costUsd) < 0.01) return `$${costUsd.toFixed(4)}`;
  return `$${costUsd.toFixed(2)}`;
}
