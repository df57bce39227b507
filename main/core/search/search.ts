/**
 * Full-text search over the archive (search.db attached to the index as `search`), in the one
 * query language of query.ts. The index is trigram-tokenized, so substrings, paths, hashes and
 * CJK text match; terms shorter than three characters fall back to a LIKE scan of the same
 * table. Tool output is left out unless asked for (in:tools, role:tool or the option).
 *
 * Ranking mixes relevance and recency:
 *   score = bm25 × (1 + 1 / (1 + age_days / 30))
 * where bm25 is FTS5's (negative: lower is better) over the trigram terms, and age_days is the
 * time since the conversation was last active. A match from today counts up to twice as much as
 * an equally relevant one from long ago (half that bonus at 30 days), so relevance still wins
 * when it differs by more than 2×. Without a term the index can rank (only short terms, or only
 * filters), hits come newest first.
 */
import type { IndexDb } from '../archive/db';
import type { SearchHit } from '../../../shared/views';
import { type ConversationRow, summaryFromRow } from '../archive/rows';
import { hasCriteria, parseQuery, type SearchQuery } from './query';
import { FRAGMENTS_PER_CONVERSATION } from './search-rows';

export interface SearchOptions {
  /** Overrides the query's agent: filter. */
  readonly agent?: string;
  /** Overrides the query's workspace: filter. */
  readonly workspace?: string;
  /** Overrides the query's in:tools. */
  readonly includeToolOutput?: boolean;
  readonly limit?: number;
  /** "Now", for relative dates (7d) and recency; tests pin it. */
  readonly now?: Date;
  /** IANA zone calendar dates (after:2026-03-10, today) are read in; default: the process's. */
  readonly timeZone?: string;
}

export type { SearchHit };

/** Trigram FTS needs three characters to use the index. */
const MIN_INDEXED = 3;
const LAST_ACTIVE = 'COALESCE(c.ended_at, c.started_at, c.archived_at)';
/** The recency factor of the ranking formula above (1 to 2). */
const RECENCY = `(1.0 + 1.0 / (1.0 + MAX(0.0, julianday(?) - COALESCE(julianday(${LAST_ACTIVE}), julianday(?))) / 30.0))`;

/** The query as parsed, with the caller's options applied over its filters. */
export function effectiveQuery(query: string, options: SearchOptions = {}): SearchQuery {
  const q = parseQuery(query, options.now, options.timeZone);
  return {
    ...q,
    agents: options.agent ? [options.agent] : q.agents,
    workspaces: options.workspace ? [options.workspace] : q.workspaces,
    includeToolOutput: options.includeToolOutput ?? q.includeToolOutput ?? false,
  };
}

export function searchArchive(db: IndexDb, query: string, options: SearchOptions = {}): SearchHit[] {
  const q = effectiveQuery(query, options);
  if (!hasCriteria(q)) return [];
  const nowIso = (options.now ?? new Date()).toISOString();
  const where: string[] = [];
  const params: unknown[] = [];
  const long = q.terms.filter((t) => [...t].length >= MIN_INDEXED);
  const short = q.terms.filter((t) => [...t].length < MIN_INDEXED);
  const match = long.map(ftsString);
  // Tool names narrow through the index too, when they are long enough to.
  if (q.tools.length && q.tools.every((t) => [...t].length >= MIN_INDEXED)) match.push(`(${q.tools.map(ftsString).join(' OR ')})`);
  if (match.length) {
    where.push('message_fts MATCH ?');
    params.push(match.join(' AND '));
  }
  for (const t of short) {
    where.push("message_fts.text LIKE ? ESCAPE '\\'");
    params.push(`%${likeEscape(t)}%`);
  }
  for (const t of q.excluded) {
    where.push("message_fts.text NOT LIKE ? ESCAPE '\\'");
    params.push(`%${likeEscape(t)}%`);
  }
  if (q.tools.length) {
    // A tool_call row is "<name> <arguments>": the name is its first word.
    where.push(`message_fts.scope = 'tool_call' AND (${q.tools.map(() => "message_fts.text LIKE ? ESCAPE '\\'").join(' OR ')})`);
    params.push(...q.tools.map((t) => `${likeEscape(t)} %`));
  } else if (!q.includeToolOutput) where.push("message_fts.scope != 'tool_output'");
  if (q.roles.length) {
    where.push(`message_fts.role IN (${q.roles.map(() => '?').join(', ')})`);
    params.push(...q.roles);
  }
  if (q.agents.length) {
    where.push(`c.agent IN (${q.agents.map(() => '?').join(', ')})`);
    params.push(...q.agents);
  }
  if (q.workspaces.length) {
    where.push(`c.workspace COLLATE NOCASE IN (${q.workspaces.map(() => '?').join(', ')})`);
    params.push(...q.workspaces);
  }
  if (q.after) {
    where.push('COALESCE(c.ended_at, c.started_at) >= ?');
    params.push(q.after);
  }
  if (q.before) {
    where.push('c.started_at < ?');
    params.push(q.before);
  }
  const ranked = match.length > 0;
  const sql = `
    SELECT c.*, message_fts.text AS hit_text, message_fts.message_index AS hit_index,
           message_fts.role AS hit_role, message_fts.scope AS hit_scope
    FROM search.message_fts
    JOIN conversations c ON c.seq = (message_fts.rowid / ${FRAGMENTS_PER_CONVERSATION})
    WHERE ${where.join(' AND ')}
    ORDER BY ${ranked ? `bm25(message_fts) * ${RECENCY}` : `${LAST_ACTIVE} DESC`}, message_fts.rowid
    LIMIT ?`;
  if (ranked) params.push(nowIso, nowIso);
  params.push(options.limit ?? 50);
  const rows = db.prepare(sql).all(...params) as (ConversationRow & { hit_text: string; hit_index: number; hit_role: string; hit_scope: string })[];
  const marks = [...q.terms, ...q.tools];
  return rows.map((r) => ({
    conversation: summaryFromRow(r),
    messageIndex: Number(r.hit_index),
    role: r.hit_role,
    scope: r.hit_scope,
    ...excerpt(r.hit_text, marks),
  }));
}

/** An FTS5 string literal: matches the text as a substring (trigram), quotes doubled. */
function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An excerpt of `text` around the first term found, with every term occurrence marked. */
export function excerpt(text: string, terms: readonly string[], radius = 80): { snippet: string; highlights: [number, number][] } {
  const lower = text.toLowerCase();
  const needles = terms.map((t) => t.toLowerCase()).filter(Boolean);
  let first = -1;
  for (const n of needles) {
    const at = lower.indexOf(n);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  const start = Math.max(0, first - radius);
  const end = Math.min(text.length, (first === -1 ? 0 : first) + radius * 2);
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end).replace(/\s/g, ' ');
  const snippet = `${prefix}${body}${end < text.length ? '…' : ''}`;
  const highlights: [number, number][] = [];
  const lowerBody = body.toLowerCase();
  for (const n of needles) {
    for (let at = lowerBody.indexOf(n); at !== -1; at = lowerBody.indexOf(n, at + n.length)) {
      highlights.push([prefix.length + at, prefix.length + at + n.length]);
    }
  }
  highlights.sort((a, b) => a[0] - b[0]);
  return { snippet, highlights };
}
