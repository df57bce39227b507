/**
 * Usage and cost from the digests alone (so it still answers after eviction dropped a thread):
 * grouped by local day / week / month, agent, model or workspace, priced per quarter hour with
 * the price then in force, and every conversation with its subagents rolled in.
 */
import type { AgentId } from '../../../shared/agents';
import type { ConversationRelation, Usage } from '../../../shared/record';
import { addToTotals, type ConversationUsage, emptyTotals, type Spend, type TokenTotals, type UsageGrouping, type UsageReport, type UsageRow } from '../../../shared/usage';
import type { ReadableIndex } from '../archive/db';
import { linkedRelations } from '../archive/index-store/read-conversations';
import { type UsageDigestRow as DigestUsageRow, usageDigestRows } from '../archive/index-store/read-digest-facts';
import type { UsageBucket } from '../retention/digest-usage';
import { localDay, monthOf, resolveTimeZone, weekOf } from './periods';
import { PRICE_TABLE, priceOf } from './prices';

export interface UsageQuery {
  readonly by: UsageGrouping;
  /** Local day (`YYYY-MM-DD`) from which on, inclusive. */
  readonly since?: string;
  /** IANA zone to cut days in; the process's own by default. */
  readonly timeZone?: string;
  readonly agent?: AgentId;
  readonly workspace?: string;
  /** How many conversations to list, most expensive first (all by default). */
  readonly top?: number;
}

/** A running Spend. */
class SpendSum {
  readonly tokens: TokenTotals = emptyTotals();
  cost = 0;
  priced = false;
  unpricedTokens = 0;
  readonly unpricedModels = new Set<string>();

  add(usage: Usage, model: string | undefined, cost: number | null): void {
    const before = this.tokens.total;
    addToTotals(this.tokens, usage);
    if (cost === null) {
      this.unpricedTokens += this.tokens.total - before;
      this.unpricedModels.add(model ?? 'unknown model');
    } else {
      this.cost += cost;
      this.priced = true;
    }
  }

  merge(o: SpendSum): void {
    for (const k of Object.keys(this.tokens) as (keyof TokenTotals)[]) this.tokens[k] += o.tokens[k];
    this.cost += o.cost;
    this.priced ||= o.priced;
    this.unpricedTokens += o.unpricedTokens;
    for (const m of o.unpricedModels) this.unpricedModels.add(m);
  }

  view(): Spend {
    return { tokens: { ...this.tokens }, costUsd: this.priced ? this.cost : null, unpricedTokens: this.unpricedTokens, unpricedModels: [...this.unpricedModels].sort() };
  }
}

class RowSum extends SpendSum {
  readonly ids = new Set<string>();
  readonly byAgent = new Map<string, SpendSum>();
  readonly byModel = new Map<string, SpendSum>();
}

const TIME_GROUPINGS = new Set<UsageGrouping>(['day', 'week', 'month']);

export function usageReport(db: ReadableIndex, q: UsageQuery): UsageReport {
  const timeZone = resolveTimeZone(q.timeZone);
  if (q.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(q.since)) throw new RangeError(`--since "${q.since}" is not a date: use YYYY-MM-DD`);
  const rows = new Map<string, RowSum>();
  const total = new RowSum();
  const own = new Map<string, SpendSum>();
  const convs = new Map<string, DigestUsageRow>();
  const undated = new Set<string>();
  for (const c of usageDigestRows(db)) {
    if ((q.agent && c.agent !== q.agent) || (q.workspace !== undefined && c.workspace !== q.workspace)) continue;
    const mine = new SpendSum();
    for (const b of bucketsOf(c)) {
      const day = b.at ? localDay(b.at, timeZone) : undefined;
      if (q.since && (!day || day < q.since)) continue;
      const cost = priceOf(b.model, b.usage, b.at);
      mine.add(b.usage, b.model, cost);
      total.add(b.usage, b.model, cost);
      total.ids.add(c.id);
      const key = keyOf(q.by, c, b, day);
      if (key === undefined) {
        undated.add(c.id);
        continue;
      }
      const row = rows.get(key) ?? new RowSum();
      rows.set(key, row);
      row.add(b.usage, b.model, cost);
      row.ids.add(c.id);
      part(row.byAgent, c.agent).add(b.usage, b.model, cost);
      part(row.byModel, b.model ?? 'unknown model').add(b.usage, b.model, cost);
    }
    if (mine.tokens.total > 0 || mine.priced) {
      own.set(c.id, mine);
      convs.set(c.id, c);
    }
  }
  const ordered = [...rows].sort(TIME_GROUPINGS.has(q.by) ? (a, b) => a[0].localeCompare(b[0]) : (a, b) => rank(b[1]) - rank(a[1]));
  return {
    by: q.by,
    timeZone,
    since: q.since,
    priceTable: PRICE_TABLE,
    rows: ordered.map(([key, r]) => rowView(key, r)),
    total: { ...total.view(), conversations: total.ids.size },
    topConversations: rollUp(convs, own, linkedRelations(db)).slice(0, q.top ?? Infinity),
    undatedConversations: undated.size,
  };
}

function keyOf(by: UsageGrouping, c: DigestUsageRow, b: UsageBucket, day: string | undefined): string | undefined {
  switch (by) {
    case 'day':
      return day;
    case 'week':
      return day && weekOf(day);
    case 'month':
      return day && monthOf(day);
    case 'agent':
      return c.agent;
    case 'model':
      return b.model ?? 'unknown model';
    case 'workspace':
      return c.workspace;
  }
}

function part(map: Map<string, SpendSum>, key: string): SpendSum {
  let s = map.get(key);
  if (!s) map.set(key, (s = new SpendSum()));
  return s;
}

/** Priced spend first, then by tokens: an unpriced row never sorts as if it were free. */
function rank(s: SpendSum): number {
  return (s.priced ? s.cost * 1e12 : 0) + s.tokens.total;
}

function rowView(key: string, r: RowSum): UsageRow {
  const split = (m: Map<string, SpendSum>) => Object.fromEntries([...m].map(([k, s]) => [k, { tokens: s.tokens.total, costUsd: s.priced ? s.cost : null }]));
  return { key, ...r.view(), conversations: r.ids.size, byAgent: split(r.byAgent), byModel: split(r.byModel) };
}

/**
 * Every conversation with its subagents' spend added (recursively), most expensive first. A fork
 * or a continuation is a conversation of its own (the person went on in it): it is not rolled in.
 */
function rollUp(convs: Map<string, DigestUsageRow>, own: Map<string, SpendSum>, relations: ReadonlyMap<string, ConversationRelation>): ConversationUsage[] {
  const relationOf = (c: DigestUsageRow) => (c.parentId ? (relations.get(c.id) ?? 'subagent') : undefined);
  const children = new Map<string, string[]>();
  for (const c of convs.values()) if (c.parentId && convs.has(c.parentId) && relationOf(c) === 'subagent') children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const out: { view: ConversationUsage; rank: number }[] = [];
  for (const c of convs.values()) {
    const all = new SpendSum();
    let subagents = 0;
    const stack = [c.id];
    const seen = new Set<string>();
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue; // a parent loop in damaged data must not hang the report
      seen.add(id);
      const s = own.get(id);
      if (s) all.merge(s);
      if (id !== c.id) subagents += 1;
      stack.push(...(children.get(id) ?? []));
    }
    const title = c.title ?? c.firstPrompt?.split('\n')[0]?.slice(0, 120) ?? c.id;
    out.push({
      rank: rank(all),
      view: { id: c.id, agent: c.agent, workspace: c.workspace, title, startedAt: c.startedAt ?? undefined, parentId: c.parentId ?? undefined, relation: relationOf(c), own: (own.get(c.id) as SpendSum).view(), withSubagents: all.view(), subagents },
    });
  }
  return out.sort((a, b) => b.rank - a.rank).map((o) => o.view);
}

/** A version-1 digest (kept for a thread already evicted) has one total: placed at its start. */
function bucketsOf(c: DigestUsageRow): UsageBucket[] {
  if (c.buckets) return JSON.parse(c.buckets) as UsageBucket[];
  if (!c.usage) return [];
  return [{ at: c.startedAt ?? undefined, model: c.model ?? undefined, usage: JSON.parse(c.usage) as Usage }];
}
