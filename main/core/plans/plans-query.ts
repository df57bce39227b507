/**
 * Plans across the archive, from the digests (so a plan outlives the threads that made it):
 * every plan fact of every conversation, merged into documents — the same text (exact hash),
 * the same plan file, or a near-duplicate (same title, mostly the same words) is one plan —
 * each linked to every conversation that made or used it.
 */
import type { PlanDocument, PlanFact, PlansAnswer, PlansQuery, PlanUse } from '../../../shared/plans';
import type { ReadableIndex } from '../archive/db';
import { planDigestRows } from '../archive/index-store/read-digest-facts';

interface Seen {
  readonly fact: PlanFact;
  readonly use: PlanUse;
}

/** Words shared (Jaccard) above which two plans with the same title are one. */
const NEAR_DUPLICATE = 0.6;

export function listPlans(db: ReadableIndex, q: PlansQuery = {}): PlansAnswer {
  const docs = allPlans(db).filter((d) => matches(d, q));
  return { query: q, plans: docs };
}

/** One plan by its id (or a unique prefix of it); undefined when none. */
export function findPlan(db: ReadableIndex, id: string): PlanDocument | undefined {
  const all = allPlans(db);
  const exact = all.find((d) => d.id === id);
  if (exact) return exact;
  const prefixed = all.filter((d) => d.id.startsWith(id));
  if (prefixed.length > 1) throw new RangeError(`"${id}" matches ${prefixed.length} plans: give more of the id`);
  return prefixed[0];
}

/** Every plan document, most recent first. */
export function allPlans(db: ReadableIndex): PlanDocument[] {
  const rows = planDigestRows(db);
  const seen: Seen[] = rows.map((r) => {
    const fact = JSON.parse(r.fact) as PlanFact;
    return {
      fact,
      use: {
        conversationId: r.conversationId,
        agent: r.agent,
        workspace: r.workspace,
        conversationTitle: r.title ?? r.firstPrompt?.split('\n')[0]?.slice(0, 120) ?? r.conversationId,
        gitBranch: r.gitBranch ?? undefined,
        link: fact.link,
        origin: fact.origin,
        tool: fact.tool,
        at: fact.at,
        messageIndex: fact.messageIndex,
        path: fact.path,
      },
    };
  });
  return groups(seen)
    .map(documentOf)
    .sort((a, b) => (b.lastAt ?? '').localeCompare(a.lastAt ?? '') || a.id.localeCompare(b.id));
}

/** Union-find over facts: same hash, same plan file, or same title with mostly the same words. */
function groups(seen: Seen[]): Seen[][] {
  const parent = seen.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const join = (a: number, b: number) => void (parent[find(a)] = find(b));
  const byKey = new Map<string, number>();
  const link = (key: string, i: number) => {
    const j = byKey.get(key);
    if (j === undefined) byKey.set(key, i);
    else join(i, j);
  };
  seen.forEach((s, i) => {
    if (s.fact.hash) link(`hash:${s.fact.hash}`, i);
    if (s.fact.path) link(`path:${s.fact.path}`, i);
  });
  // Near-duplicates: compared only within the same normalized title, so this stays cheap.
  const byTitle = new Map<string, number[]>();
  seen.forEach((s, i) => {
    if (!s.fact.text) return;
    const t = s.fact.title.toLowerCase().replace(/\W+/g, ' ').trim();
    const members = byTitle.get(t);
    if (members) members.push(i);
    else byTitle.set(t, [i]);
  });
  for (const members of byTitle.values()) {
    // A plan's words are cut only when it is compared: most with the same title are joined already (same text).
    const words = new Map<number, Set<string>>();
    const wordsOf = (i: number) => words.get(i) ?? words.set(i, wordSet(seen[i].fact.text)).get(i)!;
    for (let a = 0; a < members.length; a++) for (let b = a + 1; b < members.length; b++) if (find(members[a]) !== find(members[b]) && jaccard(wordsOf(members[a]), wordsOf(members[b])) >= NEAR_DUPLICATE) join(members[a], members[b]);
  }
  const out = new Map<number, Seen[]>();
  seen.forEach((s, i) => {
    const group = out.get(find(i));
    if (group) group.push(s);
    else out.set(find(i), [s]);
  });
  return [...out.values()];
}

function documentOf(members: Seen[]): PlanDocument {
  const byTime = [...members].sort((a, b) => (a.fact.at ?? '').localeCompare(b.fact.at ?? '') || a.use.conversationId.localeCompare(b.use.conversationId) || a.fact.messageIndex - b.fact.messageIndex);
  const withText = byTime.filter((s) => s.fact.text);
  // Prefer a document over a step list for the text when a group holds both.
  const latest = [...withText].reverse().find((s) => s.fact.origin !== 'steps') ?? withText[withText.length - 1] ?? byTime[byTime.length - 1];
  const first = withText.find((s) => s.fact.link === 'made') ?? withText[0] ?? byTime[0];
  const times = byTime.map((s) => s.fact.at).filter((t): t is string => Boolean(t));
  return {
    id: first.fact.hash ?? pathId(first.fact.path ?? first.use.conversationId),
    title: latest.fact.title,
    text: latest.fact.text,
    origins: unique(byTime.map((s) => s.fact.origin)),
    workspaces: unique(byTime.map((s) => s.use.workspace)),
    paths: unique(byTime.map((s) => s.fact.path).filter((p): p is string => Boolean(p))),
    versions: new Set(withText.map((s) => s.fact.hash)).size,
    firstAt: times[0],
    lastAt: times[times.length - 1],
    steps: latest.fact.steps,
    uses: byTime.map((s) => s.use),
  };
}

function matches(d: PlanDocument, q: PlansQuery): boolean {
  if (q.workspace !== undefined && !d.workspaces.includes(q.workspace)) return false;
  if (q.conversationId !== undefined && !d.uses.some((u) => u.conversationId === q.conversationId)) return false;
  if (q.origin !== undefined && !d.origins.includes(q.origin)) return false;
  if (q.text) {
    const hay = `${d.title}\n${d.text}\n${d.paths.join('\n')}`.toLowerCase();
    if (!q.text.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w))) return false;
  }
  return true;
}

/** A plan known only by its file path gets an id from the path (same shape as a content hash). */
function pathId(p: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < p.length; i++) h = Math.imul(h ^ p.charCodeAt(i), 0x01000193) >>> 0;
  return `p${h.toString(16).padStart(8, '0')}`;
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 2));
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}
