/**
 * The digest's usage over time: token counts summed per model and per quarter hour (UTC). A
 * quarter hour lies wholly inside one local day in every time zone (offsets are multiples of
 * 15 minutes), so any surface can group these by the person's own day, week or month without
 * the thread, long after eviction dropped it.
 *
 * Where the agent also recorded a conversation total larger than its messages' sum (Codex's
 * `total_token_usage` counts turns whose `token_count` event had no message to attach to), the
 * difference is added at the time of the last message with usage, so totals match the agent's.
 */
import type { Conversation, Usage } from '../../../shared/record';
import { addUsage, USAGE_KEYS } from '../../../shared/usage';

export interface UsageBucket {
  /** Start of the quarter hour (ISO, UTC); absent when neither the message nor the conversation has a time. */
  readonly at?: string;
  /** The model that answered; absent when the agent did not say. */
  readonly model?: string;
  readonly usage: Usage;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

export function usageBuckets(c: Conversation): UsageBucket[] {
  const byKey = new Map<string, { at?: string; model?: string; usage: Usage }>();
  const fallback = c.startedAt ?? c.endedAt;
  const add = (time: string | undefined, model: string | undefined, usage: Usage) => {
    const at = quarterHour(time);
    const key = `${at ?? ''}\u0000${model ?? ''}`;
    const bucket = byKey.get(key) ?? { at, model, usage: {} };
    bucket.usage = addUsage(bucket.usage, usage);
    byKey.set(key, bucket);
  };
  let summed: Usage = {};
  let last: { time?: string; model?: string } = { time: c.endedAt ?? fallback, model: c.models[0] };
  for (const m of c.messages) {
    if (!m.usage) continue;
    const time = m.timestamp ?? fallback;
    const model = m.model ?? (c.models.length === 1 ? c.models[0] : undefined);
    add(time, model, m.usage);
    summed = addUsage(summed, m.usage);
    last = { time, model };
  }
  const rest = c.usage && remainder(c.usage, summed);
  if (rest) add(last.time, last.model, rest);
  return [...byKey.values()].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
}

function quarterHour(iso: string | undefined): string | undefined {
  const t = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(t)) return undefined;
  return new Date(Math.floor(t / QUARTER_HOUR_MS) * QUARTER_HOUR_MS).toISOString();
}

/** What `total` counts beyond `summed`, field by field; undefined when nothing. */
function remainder(total: Usage, summed: Usage): Usage | undefined {
  const out: Usage = {};
  for (const key of USAGE_KEYS) {
    const extra = (total[key] ?? 0) - (summed[key] ?? 0);
    if (extra > 0) out[key] = extra;
  }
  return Object.keys(out).length ? out : undefined;
}
