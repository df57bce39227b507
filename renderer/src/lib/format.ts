/** Small formatting helpers shared by the views. */
import { AGENT_LABELS, isAgentId } from '../../../shared/agents';
import type { Usage } from '../../../shared/record';
import { addDays, localDay, systemTimeZone } from '../../../shared/local-day';

/** The person's time zone: sent with every request that counts days (tree, search dates, export names). */
export const TIME_ZONE = systemTimeZone();

/** The local day (YYYY-MM-DD) a conversation is filed under in the tree: its start, else its source's last write. */
export function dayOf(c: { startedAt?: string; endedAt?: string }): string {
  const when = c.startedAt ?? c.endedAt;
  return (when && localDay(when, TIME_ZONE)) || 'undated';
}

export function agentLabel(agent: string): string {
  return isAgentId(agent) ? AGENT_LABELS[agent] : agent;
}

const nf = new Intl.NumberFormat();
export function num(n: number): string {
  return nf.format(n);
}

export function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0).replace(/\.0$/, '')}k`;
  return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

export function time(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

export function dateTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The day of a moment as people read it (12 Mar 2025, in the locale's order). */
export function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A tree date node (YYYY-MM-DD, the person's local day) as people read it. */
export function dayLabel(date: string, now = Date.now()): string {
  if (date === 'undated') return 'Undated';
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const today = localDay(now, TIME_ZONE);
  const yesterday = today && addDays(today, -1);
  if (date === today) return 'Today';
  if (date === yesterday) return 'Yesterday';
  return d.toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function ago(iso: string | undefined, now = Date.now()): string {
  if (!iso) return '';
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 45) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return dateTime(iso);
}

export function duration(startIso?: string, endIso?: string): string {
  if (!startIso || !endIso) return '';
  const ms = new Date(endIso).getTime() - new Date(startIso).getTime();
  if (!(ms > 0)) return '';
  const m = Math.round(ms / 60_000);
  if (m < 1) return `${Math.round(ms / 1000)} s`;
  if (m < 120) return `${m} min`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function usageParts(u: Usage | undefined): string[] {
  if (!u) return [];
  const out: string[] = [];
  if (u.inputTokens !== undefined) out.push(`${compact(u.inputTokens)} in`);
  if (u.outputTokens !== undefined) out.push(`${compact(u.outputTokens)} out`);
  if (u.cacheReadTokens) out.push(`${compact(u.cacheReadTokens)} cache read`);
  if (u.cacheWriteTokens) out.push(`${compact(u.cacheWriteTokens)} cache write`);
  if (u.reasoningTokens) out.push(`${compact(u.reasoningTokens)} reasoning`);
  return out;
}
