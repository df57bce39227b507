/**
 * Full-text search over the archive (search.db attached to the index as `search`). The index is trigram-tokenized, so substrings, paths and
 * CJK text match; terms shorter than three characters fall back to a LIKE scan of the same
 * table. Tool output is left out unless asked for.
 */
import type { IndexDb } from '../archive/db';
import type { SearchHit } from '../../../shared/views';
import { type ConversationRow, summaryFromRow } from '../archive/rows';
import { FRAGMENTS_PER_CONVERSATION } from './search-rows';

export interface SearchOptions {
  readonly agent?: string;
  readonly workspace?: string;
  readonly includeToolOutput?: boolean;
  readonly limit?: number;
}

export type { SearchHit };

/** Words and "quoted phrases" of a query. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  const re = /"([^"]+)"|(\S+)/g;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    const term = (m[1] ?? m[2]).trim();
    if (term) terms.push(term);
  }
  return terms;
}

export function searchArchive(db: IndexDb, query: string, options: SearchOptions = {}): SearchHit[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [];
  const long = terms.filter((t) => [...t].length >= 3);
  const short = terms.filter((t) => [...t].length < 3);
  const where: string[] = [];
  const params: unknown[] = [];
  if (long.length) {
    where.push('message_fts MATCH ?');
    params.push(long.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND '));
  }
  for (const t of short) {
    where.push("message_fts.text LIKE ? ESCAPE '\\'");
    params.push(`%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  if (!options.includeToolOutput) where.push("message_fts.scope != 'tool_output'");
  if (options.agent) {
    where.push('c.agent = ?');
    params.push(options.agent);
  }
  if (options.workspace) {
    where.push('c.workspace = ?');
    params.push(options.workspace);
  }
  const rank = long.length ? 'bm25(message_fts)' : '0';
  const sql = `
    SELECT c.*, message_fts.text AS hit_text, message_fts.message_index AS hit_index,
           message_fts.role AS hit_role, message_fts.scope AS hit_scope
    FROM search.message_fts
    JOIN conversations c ON c.seq = (message_fts.rowid / ${FRAGMENTS_PER_CONVERSATION})
    WHERE ${where.join(' AND ')}
    ORDER BY ${rank}, c.started_at DESC
    LIMIT ?`;
  params.push(options.limit ?? 50);
  const rows = db.prepare(sql).all(...params) as (ConversationRow & { hit_text: string; hit_index: number; hit_role: string; hit_scope: string })[];
  return rows.map((r) => ({
    conversation: summaryFromRow(r),
    messageIndex: Number(r.hit_index),
    role: r.hit_role,
    scope: r.hit_scope,
    ...excerpt(r.hit_text, terms),
  }));
}

/** An excerpt of `text` around the first term found, with every term occurrence marked. */
export function excerpt(text: string, terms: readonly string[], radius = 80): { snippet: string; highlights: [number, number][] } {
  const lower = text.toLowerCase();
  const needles = terms.map((t) => t.toLowerCase());
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
