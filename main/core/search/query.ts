/**
 * The one search language of every surface (app, CLI, MCP), parsed here and turned into SQL by
 * search.ts:
 *
 *   words            every word must appear in the same message (substring, any case; CJK too)
 *   "a phrase"       the exact run of characters, spaces included
 *   -word -"phrase"  the message must not contain it (a leading `--` is a literal: --force)
 *   agent:codex      only this agent (id, unique id prefix or name: agent:claude); repeat = any of
 *   workspace:NAME   only this workspace (any case); repeat = any of
 *   file:PATH        conversations whose tool calls touched this file (absolute, or a relative path
 *                    matching the same relative path in any checkout, as `dejavu files`); repeat = any of
 *   after:DATE       conversations active on or after DATE
 *   before:DATE      conversations started before DATE
 *                    DATE = YYYY, YYYY-MM, YYYY-MM-DD, an ISO date-time, today, yesterday, or an age: 12h, 7d, 2w;
 *                    calendar dates begin at local midnight (the app's time zone, the CLI's TZ)
 *   role:user        only messages of this role (user | assistant | tool | system); role:tool implies in:tools
 *   tool:Bash        only calls of this tool (its arguments are what the words must match)
 *   in:tools         search tool output too (left out by default: it is mostly noise)
 *
 * Anything else with a colon (`foo:bar`) is searched as text, and a warning says so.
 */
import { AGENT_IDS, resolveAgent } from '../../../shared/agents';

export { resolveAgent };
import type { Role } from '../../../shared/record';
import { addDays, localDay, localDayStart, systemTimeZone } from '../../../shared/local-day';

export interface SearchQuery {
  /** Words and phrases that must all appear in the matched message. */
  readonly terms: readonly string[];
  /** Words and phrases the matched message must not contain. */
  readonly excluded: readonly string[];
  readonly agents: readonly string[];
  readonly workspaces: readonly string[];
  /** Paths as typed: conversations that touched any of them (their digests' fileTouches). */
  readonly files: readonly string[];
  readonly roles: readonly Role[];
  readonly tools: readonly string[];
  /** ISO instant (UTC): conversations started before it. */
  readonly before?: string;
  /** ISO instant (UTC): conversations active on or after it. */
  readonly after?: string;
  /** Set when the query asked for tool output (in:tools or role:tool). */
  readonly includeToolOutput?: boolean;
  /** What was not understood and how it was taken instead, for people and models to read. */
  readonly warnings: readonly string[];
}

const ROLES: readonly Role[] = ['user', 'assistant', 'tool', 'system'];
export const FILTER_KEYS = ['agent', 'workspace', 'file', 'after', 'before', 'role', 'tool', 'in'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One token: optional `-`, optional `key:`, then a "quoted" or bare value. A bare `-` leaves out
 * only a value with a letter or digit in it: `->`, `-=` or `-|` are text to find (an arrow, an
 * operator), not an exclusion of `>`; `-"->"` still leaves the arrow out, and a lone `-` is nothing.
 */
const TOKEN = /(-(?!-)(?=[A-Za-z]+:|"|\S*[\p{L}\p{N}]|\s|$))?(?:([A-Za-z]+):)?(?:"([^"]*)"?|(\S*))/uy;

/** A query's parts as parseQuery gathers them, token by token. */
interface ParsedParts {
  terms: string[];
  excluded: string[];
  agents: string[];
  workspaces: string[];
  files: string[];
  roles: Role[];
  tools: string[];
  warnings: string[];
  before?: string;
  after?: string;
  includeToolOutput?: boolean;
}

/**
 * Parse a query; never throws: what it cannot read becomes text plus a warning. The process's
 * time zone is looked up only when a date needs it (a new Intl.DateTimeFormat costs ~1 ms, a
 * tenth of a common search).
 */
export function parseQuery(query: string, now: Date = new Date(), timeZone?: string): SearchQuery {
  const q: ParsedParts = { terms: [], excluded: [], agents: [], workspaces: [], files: [], roles: [], tools: [], warnings: [] };
  let at = 0;
  while (at < query.length) {
    if (/\s/.test(query[at])) {
      at += 1;
      continue;
    }
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(query)!;
    const raw = m[0];
    at += Math.max(1, raw.length);
    const negated = m[1] !== undefined;
    const rawKey = m[2];
    const value = (m[3] ?? m[4] ?? '').trim();
    const key = rawKey?.toLowerCase();
    const isFilter = key !== undefined && (FILTER_KEYS as readonly string[]).includes(key);

    if (!isFilter) {
      // Not a filter: the whole token (key and colon included) is text to find.
      const text = rawKey !== undefined ? `${rawKey}:${value}` : value;
      if (rawKey !== undefined && looksLikeFilter(rawKey, value)) {
        q.warnings.push(`"${rawKey}:" is not a filter; searched as text (filters: ${FILTER_KEYS.map((k) => `${k}:`).join(' ')})`);
      }
      if (text) (negated ? q.excluded : q.terms).push(text);
      continue;
    }
    if (negated) {
      q.warnings.push(`filters cannot be negated; "${raw}" ignored`);
      continue;
    }
    if (!value) {
      q.warnings.push(`"${key}:" needs a value; ignored`);
      continue;
    }
    applyFilter(q, key as (typeof FILTER_KEYS)[number], value, now, timeZone);
  }
  const { before, after, includeToolOutput } = q;
  return {
    terms: q.terms,
    excluded: q.excluded,
    agents: [...new Set(q.agents)],
    workspaces: q.workspaces,
    files: q.files,
    roles: [...new Set(q.roles)],
    tools: q.tools,
    ...(before ? { before } : {}),
    ...(after ? { after } : {}),
    ...(includeToolOutput ? { includeToolOutput } : {}),
    warnings: q.warnings,
  };
}

/** Adds one `key:value` filter to the query's parts, or a warning when its value is not understood. */
function applyFilter(q: ParsedParts, key: (typeof FILTER_KEYS)[number], value: string, now: Date, timeZone: string | undefined): void {
  switch (key) {
    case 'agent': {
      const ids = resolveAgent(value);
      if (ids.length === 0) {
        q.warnings.push(`unknown agent "${value}" (known: ${AGENT_IDS.join(', ')})`);
        q.agents.push(value); // matches nothing, as asked
      } else q.agents.push(...ids);
      break;
    }
    case 'workspace':
      q.workspaces.push(value);
      break;
    case 'file':
      q.files.push(value);
      break;
    case 'role': {
      const role = value.toLowerCase() as Role;
      if (ROLES.includes(role)) {
        q.roles.push(role);
        if (role === 'tool') q.includeToolOutput = true;
      } else q.warnings.push(`unknown role "${value}" (roles: ${ROLES.join(', ')}); ignored`);
      break;
    }
    case 'tool':
      q.tools.push(value);
      break;
    case 'in':
      if (/^tools?$/i.test(value)) q.includeToolOutput = true;
      else q.warnings.push(`"in:${value}" not understood (only in:tools); ignored`);
      break;
    case 'before':
    case 'after': {
      const date = parseDate(value, now, timeZone ?? systemTimeZone());
      if (!date) q.warnings.push(`"${key}:${value}" is not a date (YYYY-MM-DD, YYYY-MM, YYYY, today, yesterday, 12h, 7d, 2w); ignored`);
      else q[key] = date;
      break;
    }
  }
}

/** True when the query asks for something: a word to find or a filter to list by. */
export function hasCriteria(q: SearchQuery): boolean {
  return q.terms.length > 0 || q.agents.length > 0 || q.workspaces.length > 0 || q.files.length > 0 || q.roles.length > 0 || q.tools.length > 0 || Boolean(q.before || q.after);
}

/** A key: that reads like a mistyped filter (not a URL, drive letter or `key:` inside code). */
function looksLikeFilter(key: string, value: string): boolean {
  return key.length > 1 && /^[a-z]+$/.test(key) && !/^[/\\]/.test(value);
}

/**
 * The instant (ISO, UTC) a date means, which the archive's ISO timestamps compare against as
 * strings, or undefined. Calendar dates (today, 2026-03-10, 2026-03, 2026) begin at midnight in
 * `timeZone`.
 */
export function parseDate(value: string, now: Date, timeZone: string = systemTimeZone()): string | undefined {
  const v = value.toLowerCase();
  const today = localDay(now, timeZone)!;
  if (v === 'today') return localDayStart(today, timeZone);
  if (v === 'yesterday') return localDayStart(addDays(today, -1), timeZone);
  const rel = /^(\d{1,5})([hdw])$/.exec(v);
  if (rel) return new Date(now.getTime() - (Number(rel[1]) * DAY_MS * { h: 1 / 24, d: 1, w: 7 }[rel[2] as 'h' | 'd' | 'w'])).toISOString();
  if (/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(v)) return localDayStart(v, timeZone);
  if (/^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return undefined;
}
