/**
 * The timeline of a repository, from the digests (so it still answers after eviction): every
 * conversation of every agent there, oldest first, each with its branch, first prompt, outcome,
 * files touched, plans, and tokens and cost with its subagents rolled in. A subagent is part of
 * its parent's entry, not one of its own; a fork or a continuation has its own, naming its parent.
 */
import type { FileAction } from '../../../shared/tool-files';
import type { TimelineAnswer, TimelineEntry, TimelineQuery, TimelineRepository } from '../../../shared/timeline';
import type { ReadableIndex } from '../archive/db';
import { linkedRelations } from '../archive/index-store/read-conversations';
import { type TimelineDigestRow, timelineDigestRows } from '../archive/index-store/read-digest-facts';
import type { FileTouchFact } from '../retention/digest-files';
import { allPlans } from '../plans/plans-query';
import { localDay, resolveTimeZone } from '../usage/periods';
import { usageReport } from '../usage/usage-report';
import { repositoryName, repositoryResolver } from './repository-roots';

const PROMPT_CHARS = 300;
const TOP_FILES = 8;
const CHANGES = new Set<FileAction>(['edit', 'write', 'patch', 'delete']);

export function timeline(db: ReadableIndex, q: TimelineQuery = {}): TimelineAnswer {
  const timeZone = resolveTimeZone(q.timeZone);
  if (q.since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(q.since)) throw new RangeError(`--since "${q.since}" is not a date: use YYYY-MM-DD`);
  const rows = timelineDigestRows(db);
  // A fork or a continuation is an entry of its own (the person went on in it), linked to its parent.
  const relations = linkedRelations(db);
  const relationOf = (r: TimelineDigestRow) => (r.parentId ? (relations.get(r.id) ?? 'subagent') : undefined);
  const isSubagent = (r: TimelineDigestRow) => relationOf(r) === 'subagent';
  const ids = new Set(rows.map((r) => r.id));
  const resolve = repositoryResolver(rows.filter((r) => r.cwd).map((r) => ({ cwd: r.cwd as string, instance: r.instance })));
  const spend = new Map(usageReport(db, { by: 'agent', timeZone }).topConversations.map((c) => [c.id, c]));
  const plansOf = new Map<string, TimelineEntry['plans'][number][]>();
  for (const d of allPlans(db)) {
    for (const u of d.uses) {
      const list = plansOf.get(u.conversationId) ?? [];
      if (!list.some((p) => p.id === d.id)) list.push({ id: d.id, title: d.title, origin: u.origin, link: u.link });
      plansOf.set(u.conversationId, list);
    }
  }
  const entries: TimelineEntry[] = [];
  for (const r of rows) {
    if (isSubagent(r) && ids.has(r.parentId!)) continue; // rolled into its parent
    if (q.agent && r.agent !== q.agent) continue;
    const repo = r.cwd ? resolve(r.cwd, r.instance) : undefined;
    const repository = repo?.root ?? r.workspace;
    if (q.repo !== undefined && !repoMatches(q.repo, repository, r.workspace)) continue;
    const worktreeName = repo?.worktree ? repositoryName(repo.worktree) : undefined;
    if (q.branch !== undefined && r.branch !== q.branch && worktreeName !== q.branch) continue;
    if (q.since !== undefined && (!r.startedAt || localDay(r.startedAt, timeZone) < q.since)) continue;
    const s = spend.get(r.id)?.withSubagents;
    entries.push({
      conversationId: r.id,
      agent: r.agent,
      title: r.title ?? r.firstPrompt?.split('\n')[0]?.slice(0, 120) ?? r.id,
      repository,
      cwd: r.cwd ?? undefined,
      worktree: repo?.worktree,
      branch: r.branch ?? undefined,
      startedAt: r.startedAt ?? undefined,
      endedAt: r.endedAt ?? undefined,
      firstPrompt: r.firstPrompt ? cut(r.firstPrompt) : undefined,
      prompts: r.prompts ?? 0,
      outcome: r.outcome,
      files: filesOf(r.files ?? legacy(r.legacyFiles), repository),
      tokens: s?.tokens.total ?? 0,
      costUsd: s?.costUsd ?? null,
      unpricedTokens: s?.unpricedTokens ?? 0,
      subagents: spend.get(r.id)?.subagents ?? rows.filter((c) => c.parentId === r.id && isSubagent(c)).length,
      ...(r.parentId && !isSubagent(r) ? { parent: { id: r.parentId, relation: relationOf(r)! } } : {}),
      plans: plansOf.get(r.id) ?? [],
    });
  }
  entries.sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.conversationId.localeCompare(b.conversationId));
  return { query: q, timeZone, repositories: repositoriesOf(entries), entries, totals: totalsOf(entries) };
}

/** A name, a root, a path inside the root, or the workspace; a trailing slash does not matter. */
function repoMatches(asked: string, root: string, workspace: string): boolean {
  const a = asked.replace(/\\/g, '/').replace(/(.)\/+$/, '$1');
  return a === root || a === repositoryName(root) || a === workspace || a.startsWith(`${root}/`);
}

function filesOf(json: string | null, root: string): TimelineEntry['files'] {
  const facts = json ? (JSON.parse(json) as FileTouchFact[]) : [];
  const changed = facts.filter((f) => f.actions.some((a) => CHANGES.has(a)));
  const ordered = [...changed, ...facts.filter((f) => !changed.includes(f))];
  const rel = (p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
  return { total: facts.length, changed: changed.length, top: ordered.slice(0, TOP_FILES).map((f) => rel(f.path)) };
}

function legacy(json: string | null): string | null {
  return json && JSON.stringify((JSON.parse(json) as string[]).map((path): FileTouchFact => ({ path, actions: ['other'], calls: 1 })));
}

function repositoriesOf(entries: readonly TimelineEntry[]): TimelineRepository[] {
  const byRoot = new Map<string, TimelineEntry[]>();
  for (const e of entries) byRoot.set(e.repository, [...(byRoot.get(e.repository) ?? []), e]);
  return [...byRoot]
    .map(([root, es]) => {
      const times = es.map((e) => e.startedAt).filter((t): t is string => Boolean(t));
      const branches = [...new Set(es.map((e) => e.branch).filter((b): b is string => Boolean(b)))].sort();
      return { root, name: repositoryName(root), conversations: es.length, branches, firstAt: times[0], lastAt: times[times.length - 1] };
    })
    .sort((a, b) => (b.lastAt ?? '').localeCompare(a.lastAt ?? '') || a.root.localeCompare(b.root));
}

function totalsOf(entries: readonly TimelineEntry[]): TimelineAnswer['totals'] {
  const priced = entries.filter((e) => e.costUsd !== null);
  return {
    tokens: entries.reduce((n, e) => n + e.tokens, 0),
    costUsd: priced.length ? priced.reduce((n, e) => n + (e.costUsd ?? 0), 0) : null,
    unpricedTokens: entries.reduce((n, e) => n + e.unpricedTokens, 0),
  };
}

function cut(text: string): string {
  const t = text.trim();
  return t.length > PROMPT_CHARS ? `${t.slice(0, PROMPT_CHARS)}…` : t;
}

