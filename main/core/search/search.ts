/**
 * Full-text search over the archive (search.db attached to the index as `search`), in the one
 * query language of query.ts. Results are conversations: the best hit of each (its message, to
 * open it at) and how many of its rows matched. The design and its measurements are in
 * README.md next to this file; in short:
 *
 * - The main index holds words (FTS5 unicode61, contentless; the rows' text is in message_text).
 *   A term keeps its substring meaning through the vocabulary (search-terms.ts): a word is the
 *   OR of the indexed words that contain it, a term across separators (a path, `go.mod`) the
 *   phrase of its words, checked on the text. CJK text matches through a bigram index
 *   (cjk_fts); what the index cannot narrow is checked on the text of the rows the rest of the
 *   query finds (or of every row, newest first, when nothing else narrows).
 * - Row ids grow with the time a conversation was last active (row-keys.ts), so every search
 *   walks its matches newest first and stops early: without a rankable term (filters only,
 *   short terms only) it stops once it has `limit` conversations, which is exact; with one it
 *   ranks the newest CANDIDATES matching rows, which is exact whenever fewer rows match.
 * - Filters on rows (role, tool, scope, negation) and on conversations (agent, workspace,
 *   files touched, dates) are applied to each match as it is met, so they cost no more than the walk.
 * - The app asks in bounded pages (options.budget: characters of text read; README.md, "Bounded
 *   pages"): a walk stops at the end of the conversation it is in once it has read its budget, and
 *   says where (`more`); the next page walks below it (options.cursor). Without a budget, one page.
 *
 * Ranking mixes relevance and recency:
 *   score = bm25 × (1 + 1 / (1 + age_days / 30))
 * where bm25 is BM25 without its rarity weight, computed over the candidates (rankRows: every
 * candidate holds every term; negative, lower is better), and age_days is the time since the
 * conversation was last active. A match from today counts up to twice as much as
 * an equally relevant one from long ago (half that bonus at 30 days), so relevance still wins
 * when it differs by more than 2×. A conversation ranks by its best row. Without a term the
 * index can rank, conversations come newest first, each at its first matching message.
 */
import type Database from 'better-sqlite3';
import type { ReadableIndex } from '../archive/db';
import { connectionOf, statementOf } from '../archive/index-store/handle';
import { conversationBySeq } from '../archive/index-store/read-conversations';
import type { SearchHit, SearchMore, SearchPage } from '../../../shared/views';
import { type ConversationRow, summaryFromRow } from '../archive/rows';
import { absolutePath } from '../../../shared/tool-files';
import { touchingSubquery } from '../archive/index-store/read-file-touches';
import { redactText } from '../redact/redact-text';
import { hasCriteria, parseQuery, type SearchQuery } from './query';
import { codesOf, firstRowid, ROLE_CODES, roleOf, rowKeyOf, rowKeyTime, ROWIDS_PER_CONVERSATION, SCOPE_CODES, scopeOf, wantedRowKey } from './row-keys';
import { ftsString, planTerm, VocabularyReader } from './search-terms';
import { startReading, TEXT_HAS, type TextMeter, textFunctions } from './text-functions';
import { unpackHead, unpackText } from './row-text';
import { termWords } from './word-tokens';
import { type SearchScope } from './search-rows';
import { addToGroups, docsizeTokens, type Group, type MatchRow, rankRows, recencyScore } from './relevance';
import { excerpt, HEAD_EXCERPT, snippetSource } from './snippet';

export interface SearchOptions {
  /** Overrides the query's agent: filter. */
  readonly agent?: string;
  /** Overrides the query's workspace: filter. */
  readonly workspace?: string;
  /** Overrides the query's in:tools. */
  readonly includeToolOutput?: boolean;
  /** At most this many conversations. */
  readonly limit?: number;
  /** "Now", for relative dates (7d) and recency; tests pin it. */
  readonly now?: Date;
  /** IANA zone calendar dates (after:2026-03-10, today) are read in; default: the process's. */
  readonly timeZone?: string;
  /** Mask secrets in each snippet's text before it is cut (so no secret is cut in half and left readable). */
  readonly redact?: boolean;
  /**
   * Characters of text this page may read (checking terms the index cannot narrow) before it stops
   * at the end of the conversation it is in and answers `more` (README.md, "Bounded pages");
   * default: no bound, the whole answer in one page.
   */
  readonly budget?: number;
  /** A previous page's `more.cursor`: this page searches the conversations older than where it stopped. */
  readonly cursor?: number;
}

export type { SearchHit, SearchPage };

/**
 * The whole texts behind a row (search-rows.ts rowSources), read from the archived record: the
 * index keeps only the identifiers of a long output's middle, and a snippet should quote the
 * output around the match, not that list.
 */
export type WholeTexts = (seq: number, messageIndex: number, scope: SearchScope) => readonly string[];

/**
 * A ranked search scores at most this many matching rows, the newest; measured in README.md:
 * enough that a common word's top results are its most relevant recent conversations, few
 * enough to score within the latency budget at a million messages.
 */
export const CANDIDATES = 4000;
/**
 * A ranked walk that checks its rows' text ranks the newest candidates within this many characters
 * of text read (~3 ms of inflating and matching a MB: README.md), at most CANDIDATES of them.
 */
export const CHECKED_TEXT = 4_000_000;
/**
 * The app's page budget, in characters of text read: inflating and checking text costs ~5–7 ms of
 * CPU a million characters, so a page of a query the index cannot narrow (`c++`, `c#`, `x.y`,
 * `"->"`) costs 150–225 ms (median) at 1M messages (README.md, "Bounded pages"): the main process
 * answers every other request between two pages, and a query typed past costs at most its page.
 */
export const APP_PAGE_TEXT = 30_000_000;
/** How many hits of one search may read their record for a snippet (see snippetSource). */
const WHOLE_TEXT_HITS = 3;

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

/** How the rows of a query are found: which index drives the walk, and what each row must pass. */
interface RowPlan {
  /** FROM clause of the index walked. */
  readonly from: string;
  /** Joined after the conversation filters (so they drop rows before any text is read): message_text `t`, when a condition reads it. */
  readonly text: string;
  /** The table whose rowid orders the walk (and whose MATCH finds the rows, when it has one). */
  readonly driver: 'message_fts' | 'cjk_fts' | 'message_fts_docsize';
  readonly ranked: boolean;
  readonly where: string[];
  readonly params: unknown[];
  /** The terms a ranked walk matched: what relevance counts in each row. */
  readonly rankTerms: readonly string[];
  /** A term no word of the index can hold: nothing matches. */
  readonly none: boolean;
}

function planRows(q: SearchQuery, vocabulary: VocabularyReader): RowPlan {
  const where: string[] = [];
  const params: unknown[] = [];
  const terms = q.terms.map((t) => ({ term: t, plan: planTerm(vocabulary, t) }));
  const match: string[] = terms.flatMap((t) => (t.plan.match ? [t.plan.match] : []));
  // A tool_call row is "<name> <arguments>": the name's words start the row (`^"read"`), so the
  // index narrows to calls of a tool spelled so; the stored name (message_text.tool) decides.
  const anchors = q.tools.map((name) => termWords(name).map((w) => w.word).join(' '));
  if (anchors.length && anchors.every(Boolean)) match.push(`(${anchors.map((a) => `^${ftsString(a)}`).join(' OR ')})`);
  let from = 'search.message_fts';
  let driver: RowPlan['driver'] = 'message_fts';
  // A term with neither expression is checked on the text; a two-character CJK word's bigram is
  // exact (check: false), so a walk of cjk_fts reads no text for it.
  const checked = terms.filter((t) => t.plan.check || (!t.plan.match && !t.plan.cjk)).map((t) => t.term);
  // Exclusions the index answers exactly are taken out of the match itself (`a NOT b`, on the
  // doclists), so no row's text is read to check them; the others are checked on the text.
  const excluded = q.excluded.map((t) => ({ term: t, plan: planTerm(vocabulary, t) })).filter((t) => !t.plan.none);
  const indexedOut = match.length ? excluded.filter((t) => t.plan.exclusion) : [];
  const checkedOut = excluded.filter((t) => !indexedOut.includes(t)).map((t) => t.term);
  const cjk = terms.filter((t) => t.plan.cjk);
  if (match.length) {
    where.push('message_fts MATCH ?');
    // `a NOT b NOT c` is `(a NOT b) NOT c` in FTS5: each exclusion asked only about the rows left.
    params.push(indexedOut.length ? `(${match.join(' AND ')})${indexedOut.map((t) => t.plan.exclusion).join('')}` : match.join(' AND '));
    checked.push(...cjk.filter((t) => !checked.includes(t.term)).map((t) => t.term));
  } else if (cjk.length) {
    from = 'search.cjk_fts';
    driver = 'cjk_fts';
    where.push('cjk_fts MATCH ?');
    params.push(cjk.map((t) => t.plan.cjk).join(' AND '));
  } else {
    // Nothing to match: walk FTS5's own list of row sizes (one small record per row, every rowid).
    driver = 'message_fts_docsize';
    from = 'search.message_fts_docsize';
  }
  const rowid = `${driver}.rowid`;
  const readsText = checked.length > 0 || checkedOut.length > 0 || q.tools.length > 0;
  const text = readsText ? ` CROSS JOIN search.message_text t ON t.rowid = ${rowid}` : '';
  // Scope and role are in the rowid (row-keys.ts): checked before any text is read.
  if (q.roles.length) where.push(`${roleOf(rowid)} IN (${q.roles.map((r) => ROLE_CODES[r]).join(', ')})`);
  if (q.tools.length) {
    where.push(`${scopeOf(rowid)} = ${SCOPE_CODES.tool_call}`);
    where.push(`t.tool COLLATE NOCASE IN (${q.tools.map(() => '?').join(', ')})`);
    params.push(...q.tools);
  } else if (!q.includeToolOutput) where.push(`${scopeOf(rowid)} != ${SCOPE_CODES.tool_output}`);
  if (checked.length || checkedOut.length) {
    where.push(`${TEXT_HAS}(t.text, ?, ?, ${rowid})`);
    params.push(JSON.stringify(checked), JSON.stringify(checkedOut));
  }
  const ranked = driver !== 'message_fts_docsize' && terms.some((t) => t.plan.match || t.plan.cjk);
  // Tool names narrow the walk but rank nothing: `tool:Read` alone lists calls newest first.
  return {
    from,
    text,
    driver,
    ranked,
    where,
    params,
    rankTerms: terms.filter((t) => t.plan.match || t.plan.cjk).map((t) => t.term),
    none: terms.some((t) => t.plan.none),
  };
}

/** The conversation filters, on `c` (conversations). */
function conversationWhere(q: SearchQuery): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.agents.length) {
    where.push(`c.agent IN (${q.agents.map(() => '?').join(', ')})`);
    params.push(...q.agents);
  }
  if (q.workspaces.length) {
    where.push(`c.workspace COLLATE NOCASE IN (${q.workspaces.map(() => '?').join(', ')})`);
    params.push(...q.workspaces);
  }
  if (q.files.length) {
    // The digests' file touches, one subquery per path (SQLite runs each once, not per row).
    const subs = q.files.map((typed) => touchingSubquery(absolutePath(typed, undefined), typed));
    where.push(`(${subs.map((s) => `c.id IN (${s.sql})`).join(' OR ')})`);
    params.push(...subs.flatMap((s) => s.params));
  }
  if (q.after) {
    where.push('COALESCE(c.ended_at, c.started_at) >= ?');
    params.push(q.after);
  }
  if (q.before) {
    where.push('c.started_at < ?');
    params.push(q.before);
  }
  return { where, params };
}

/** The row key below which every conversation was last active before the query's `after:` (row-keys.ts). */
function afterRowKey(q: SearchQuery): number | undefined {
  const afterMs = q.after ? Date.parse(q.after) : Number.NaN;
  return Number.isNaN(afterMs) ? undefined : wantedRowKey(new Date(afterMs).toISOString());
}

/**
 * The row keys (and seqs) of the conversations the filters allow, newest first (a walk of
 * conversations first). `after:` bounds the listing by row key as it bounds the walk, so a filter
 * that few recent conversations pass stops at the date instead of listing every older one to
 * reject it (`agent:codex after:2026-06` listed all 12,774 at 1M messages: 23 -> 16 ms CPU).
 */
export function allowedConversations(q: SearchQuery, cursor?: number): { sql: string; params: unknown[] } {
  const { where, params } = conversationWhere(q);
  const afterKey = afterRowKey(q);
  if (afterKey !== undefined) {
    where.push('i.row_key >= ?');
    params.push(afterKey);
  }
  if (cursor !== undefined) {
    where.push('i.row_key < ?');
    params.push(cursor);
  }
  return { sql: `SELECT i.row_key AS key, i.seq AS seq FROM search.indexed i CROSS JOIN conversations c ON c.seq = i.seq WHERE ${where.join(' AND ')} ORDER BY i.row_key DESC`, params };
}

/**
 * The search, in one read transaction: its statements (the walk, each conversation met, the hit
 * rows) all see the same commit, so a sync storing meanwhile cannot move a conversation's row key
 * to another between two of them and credit one conversation's rows to another.
 */
export function searchArchive(index: ReadableIndex, query: string, options: SearchOptions = {}, wholeTexts?: WholeTexts): SearchPage {
  return connectionOf(index).transaction(() => searchSnapshot(index, query, options, wholeTexts))();
}

function searchSnapshot(index: ReadableIndex, query: string, options: SearchOptions, wholeTexts: WholeTexts | undefined): SearchPage {
  // The walk reads search.db (ATTACHed as `search`) joined with index.db's conversations in one
  // statement, so SQLite plans the whole walk at once and filters as it goes (one query per
  // conversation instead would cost a round trip per matching row): it stays here, on the
  // reader's connection. Every other index.db statement is the data layer's (archive/index-store).
  const db = connectionOf(index);
  const q = effectiveQuery(query, options);
  if (!hasCriteria(q)) return { hits: [] };
  const limit = options.limit ?? 50;
  const now = (options.now ?? new Date()).getTime();
  const meter = textFunctions(db);
  startReading(meter, options.budget);
  const plan = planRows(q, new VocabularyReader(db));
  if (plan.none) return { hits: [] };
  // A later page: only rows older than the conversation the previous page ended with (both walks apply plan.where).
  if (options.cursor !== undefined) {
    plan.where.push(`${plan.driver}.rowid < ?`);
    plan.params.push(firstRowid(options.cursor));
  }
  const conv = conversationWhere(q);
  const marks = [...q.terms, ...q.tools];
  // after: also bounds the walk: older conversations' rows all sit below this rowid (row-keys.ts).
  const afterKey = afterRowKey(q);
  if (afterKey !== undefined) {
    conv.where.push(`${plan.driver}.rowid >= ?`);
    conv.params.push(firstRowid(afterKey));
  }
  // Ranked rows score by BM25 computed here (relevance.ts), not by FTS5's bm25(), which counts every
  // row matching each phrase before it scores one (its IDF: a second evaluation of the whole
  // query, 80 ms for a long phrase at 200k messages). Each row's length is its FTS5 docsize
  // record, read in the walk (one B-tree probe per row, cheaper than looking them up afterwards).
  const select = (extra: string) => `
    SELECT ${plan.driver}.rowid AS rowid, c.seq AS seq, 0 AS rel,
           COALESCE(c.ended_at, c.started_at, c.archived_at) AS last_active${plan.ranked ? `, ${docsizeTokens('d.sz')} AS sz` : ''}
    FROM ${plan.from}
    CROSS JOIN search.indexed i ON i.row_key = ${plan.driver}.rowid / ${ROWIDS_PER_CONVERSATION}
    CROSS JOIN conversations c ON c.seq = i.seq${plan.text}${plan.ranked ? ` CROSS JOIN search.message_fts_docsize d ON d.id = ${plan.driver}.rowid` : ''}
    WHERE ${[...plan.where, ...conv.where, ...(extra ? [extra] : [])].join(' AND ')}
    ORDER BY ${plan.driver}.rowid DESC`;
  const score = recencyScore(plan.ranked, now);
  const add = (groups: Map<number, Group>, r: MatchRow) => addToGroups(groups, r, score(r), plan.ranked);

  const groups = new Map<number, Group>();
  const rowsSeen: MatchRow[] = [];
  let seen = 0;
  let last: MatchRow | undefined;
  // Every walk ends at a stop row (TextMeter) once it has read its budget: the page ends there.
  let stopped = false;
  if (!plan.ranked && (q.agents.length || q.workspaces.length || q.files.length || q.before)) {
    // Conversations first: list those the filters allow, newest first, and look in each one's
    // rowid range, so a filter that excludes the newest conversations costs no walk past them.
    const only = allowedConversations(q, options.cursor);
    const listed = db.prepare(only.sql).iterate(...only.params) as IterableIterator<{ key: number; seq: number }>;
    // The listing applied the conversation filters: a range's rows are not joined to their
    // conversation again (at 1M messages, 50 ranges of `after:2025-03 before:2025-05`: 3.6 → 0.8 ms).
    const inRange = statementOf(db, rangeSelect(plan)).pluck();
    walk: for (const { key, seq } of listed) {
      if (groups.size === limit) break;
      const base = firstRowid(key);
      for (const rowid of inRange.iterate(...plan.params, base, base + ROWIDS_PER_CONVERSATION - 1) as IterableIterator<number>) {
        if ((stopped = meter.stopped)) break walk;
        add(groups, { rowid, seq, rel: 0, last_active: null });
      }
    }
  } else {
    // Without a conversation filter, a ranked walk needs its rows' conversations only to group and
    // score them: it joins none per row (candidatesWithoutJoins), unless a row key has none.
    const bare = plan.ranked && conv.where.length === 0 ? candidatesWithoutJoins(db, bareSelect(plan), plan.params, meter, limit) : undefined;
    if (bare) {
      for (const r of bare.rows) {
        add(groups, r);
        rowsSeen.push(r);
      }
      stopped = bare.stopped;
    } else {
      // The joined walk counts its own text read: rows the bare walk read and this one skips must not stop it sooner.
      startReading(meter, options.budget);
      for (const r of statementOf(db, select('')).iterate(...plan.params, ...conv.params) as IterableIterator<MatchRow>) {
        if (!plan.ranked && !groups.has(r.seq) && groups.size === limit) break; // the next conversation: the first `limit` are complete
        // Past CANDIDATES, the walk goes on to the end of the conversation it is in (its rows are
        // next, newest first), so every conversation's count is exact; a second query over the
        // conversation's rowid range cost more (FTS5 reads the doclists again).
        // A walk whose rows' text is read (phrases, tool names…) also stops once it has read
        // CHECKED_TEXT and has `limit` conversations: inflating long rows is what such a walk costs
        // (README.md), and past that they would only be ranked against more candidates.
        if (plan.ranked && r.seq !== last?.seq && rankedWalkFull(seen, groups.size, meter.read, limit)) break;
        if ((stopped = meter.stopped)) break;
        add(groups, r);
        if (plan.ranked) rowsSeen.push(r);
        last = r;
        seen += 1;
      }
    }
  }
  if (plan.ranked) rankRows(db, groups, rowsSeen, score, plan.rankTerms);
  const top = [...groups.values()].sort((a, b) => a.bestScore - b.bestScore || b.bestRowid - a.bestRowid).slice(0, limit);
  const hits = hitsOf(index, top, marks, options, wholeTexts);
  return stopped && meter.lastKey !== undefined ? { hits, more: moreAfter(db, meter.lastKey) } : { hits };
}

/**
 * Where a page stopped: the row key of the last conversation it searched whole (the next page's
 * walk starts below it), and when that conversation was last active; a key whose conversation is
 * being removed says the minute its key stands for (row-keys.ts).
 */
function moreAfter(db: Database.Database, key: number): SearchMore {
  const found = statementOf(db, KEYS_SQL).get(JSON.stringify([key])) as { last_active: string | null } | undefined;
  return { cursor: key, searchedBackTo: found?.last_active ?? rowKeyTime(key) };
}

/**
 * Whether a ranked walk that has met `rows` candidates in `conversations` conversations, reading
 * `textRead` characters, stops at the next conversation: CANDIDATES rows, or CHECKED_TEXT read
 * with `limit` conversations (the walk's comment in searchSnapshot says why). Both walks ask it.
 */
function rankedWalkFull(rows: number, conversations: number, textRead: number, limit: number): boolean {
  return rows >= CANDIDATES || (textRead > CHECKED_TEXT && conversations >= limit);
}

/** A ranked walk's rows without their conversations: rowid and length (docsize) only. */
function bareSelect(plan: RowPlan): string {
  const rowid = `${plan.driver}.rowid`;
  return `SELECT ${rowid} AS rowid, 0 AS rel, ${docsizeTokens('d.sz')} AS sz FROM ${plan.from}${plan.text}
    CROSS JOIN search.message_fts_docsize d ON d.id = ${rowid} WHERE ${plan.where.join(' AND ')} ORDER BY ${rowid} DESC`;
}

/** An unranked walk's rows in one conversation's rowid range (its two bounds the last parameters). */
function rangeSelect(plan: RowPlan): string {
  const rowid = `${plan.driver}.rowid`;
  return `SELECT ${rowid} FROM ${plan.from}${plan.text} WHERE ${[...plan.where, `${rowid} BETWEEN ? AND ?`].join(' AND ')} ORDER BY ${rowid} DESC`;
}

/** Each row key's conversation and when it was last active (what the joined walk reads per row). */
const KEYS_SQL = `SELECT i.row_key AS key, c.seq AS seq, COALESCE(c.ended_at, c.started_at, c.archived_at) AS last_active
  FROM json_each(?) j CROSS JOIN search.indexed i ON i.row_key = j.value CROSS JOIN conversations c ON c.seq = i.seq`;

/**
 * The ranked walk's candidates, found without joining search.indexed and conversations per row:
 * rows come grouped by row key (one per conversation, newest first: row-keys.ts), so the walk
 * counts conversations by key and stops where the joined walk stops (CANDIDATES rows, or
 * CHECKED_TEXT read with `limit` conversations, at the end of a conversation); then each
 * conversation met is looked up once. The two joins cost 1.4–2.7 ms per 4000 rows at 1M
 * messages, the lookups 0.1–0.6 ms for 155–1,032 conversations (README.md, sixth pass).
 * `stopped`: the page's budget of text ended the walk (a stop row, TextMeter).
 * Undefined when a key has no conversation (one being removed, whose rows the joined walk skips,
 * so it would stop elsewhere): the caller walks with the joins.
 */
function candidatesWithoutJoins(db: Database.Database, sql: string, params: readonly unknown[], meter: TextMeter, limit: number): { rows: MatchRow[]; stopped: boolean } | undefined {
  const rows: MatchRow[] = [];
  const keys: number[] = [];
  let stopped = false;
  for (const r of statementOf(db, sql).iterate(...params) as IterableIterator<MatchRow>) {
    const key = rowKeyOf(r.rowid);
    if (key !== keys[keys.length - 1]) {
      if (rankedWalkFull(rows.length, keys.length, meter.read, limit) || (stopped = meter.stopped)) break;
      keys.push(key);
    }
    rows.push(r);
  }
  const found = statementOf(db, KEYS_SQL).all(JSON.stringify(keys)) as { key: number; seq: number; last_active: string | null }[];
  if (found.length !== keys.length) return undefined;
  const byKey = new Map(found.map((f) => [f.key, f]));
  for (const r of rows) {
    const c = byKey.get(rowKeyOf(r.rowid));
    r.seq = c?.seq ?? 0;
    r.last_active = c?.last_active ?? null;
  }
  return { rows, stopped };
}

/** The hits of the top conversations: each at its best row, with a snippet of it. */
function hitsOf(index: ReadableIndex, top: readonly Group[], marks: readonly string[], options: SearchOptions, wholeTexts: WholeTexts | undefined): SearchHit[] {
  const hitRow = statementOf(connectionOf(index), 'SELECT text, message_index FROM search.message_text WHERE rowid = ?');
  // Reading the message decompresses every page of its blob up to it (~1 ms a MiB): only the
  // first few hits, the ones read first, quote the output around a match found in an abridged
  // middle (without a cap, 34 hits cost ~100 ms more: README.md).
  let wholeReads = 0;
  const whole = (seq: number, messageIndex: number, scope: SearchScope) => (wholeTexts && wholeReads++ < WHOLE_TEXT_HITS ? wholeTexts(seq, messageIndex, scope) : []);
  return top.map((g) => {
    const h = hitRow.get(g.bestRowid) as { text: string | Uint8Array; message_index: number };
    const { role, scope } = codesOf(g.bestRowid);
    // Without a term the excerpt is the row's start: a long row's head is inflated, not all of it
    // (not when redacting: a secret running past the head must still be recognised whole).
    const row = marks.length || options.redact ? unpackText(h.text) : unpackHead(h.text, HEAD_EXCERPT);
    const source = snippetSource(row, marks, () => whole(g.seq, Number(h.message_index), scope));
    const text = options.redact ? redactText(source).text : source;
    return {
      conversation: summaryFromRow(conversationBySeq(index, g.seq) as ConversationRow),
      messageIndex: Number(h.message_index),
      hitCount: g.count,
      role,
      scope,
      ...excerpt(text, marks),
    };
  });
}

/** How a conversation's hit count reads: "1 match", "12 matches". */
export function matchCount(n: number): string {
  return `${n} ${n === 1 ? 'match' : 'matches'}`;
}
