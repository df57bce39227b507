/** The visible rows of the workspace tree, flattened for rendering and keyboard movement. */
import type { ArchivedSummary, TreeWorkspace } from '../../../../shared/views';
import { childrenCountText } from '../../../../shared/parent-link';
import { displayTitle } from '../../../../shared/title';

export type RowKind = 'workspace' | 'instance' | 'date' | 'conversation';

export interface TreeRow {
  readonly key: string;
  readonly kind: RowKind;
  readonly level: number;
  readonly label: string;
  readonly count?: number;
  readonly expandable: boolean;
  readonly expanded: boolean;
  readonly parentKey?: string;
  readonly conversation?: ArchivedSummary;
  /** For a subagent shown away from its parent. */
  readonly orphanSubagent?: boolean;
  readonly childCount?: number;
  /** Its linked conversations counted by relation ("2 subagents · continued in 1"). */
  readonly childText?: string;
  /** Where this row's conversations come from (date rows). */
  readonly query?: DateQuery;
  readonly loading?: boolean;
  readonly posinset: number;
  readonly setsize: number;
}

export interface DateQuery {
  readonly workspace: string;
  readonly instance: string;
  readonly date: string;
}

export const wsKey = (w: string) => `ws\u001f${w}`;
export const instKey = (w: string, i: string) => `in\u001f${w}\u001f${i}`;
export const dateKey = (w: string, i: string, d: string) => `dt\u001f${w}\u001f${i}\u001f${d}`;
export const convKey = (id: string) => `cv\u001f${id}`;

export function showsInstances(ws: TreeWorkspace): boolean {
  return ws.instances.length > 1 || (ws.instances[0] !== undefined && ws.instances[0].instance !== 'host');
}

/** Date nodes that are open (and whose conversations must be fetched). */
export function openDates(tree: readonly TreeWorkspace[], expanded: ReadonlySet<string>): DateQuery[] {
  const out: DateQuery[] = [];
  for (const ws of tree) {
    if (!expanded.has(wsKey(ws.workspace))) continue;
    const multi = showsInstances(ws);
    for (const inst of ws.instances) {
      if (multi && !expanded.has(instKey(ws.workspace, inst.instance))) continue;
      for (const d of inst.dates) if (expanded.has(dateKey(ws.workspace, inst.instance, d.date))) out.push({ workspace: ws.workspace, instance: inst.instance, date: d.date });
    }
  }
  return out;
}

/** A conversation's subagents wherever they sit (fetched by parent), or undefined when not known. */
export type ChildrenOf = (id: string) => readonly ArchivedSummary[] | undefined;

/** Top-level conversations in the open dates: the ones whose subagents elsewhere are worth asking for. */
export function parentCandidates(lists: readonly (readonly ArchivedSummary[] | undefined)[]): string[] {
  const out: string[] = [];
  for (const list of lists) for (const c of list ?? []) if (!c.parentId) out.push(c.id);
  return out;
}

export function buildRows(
  tree: readonly TreeWorkspace[],
  expanded: ReadonlySet<string>,
  conversationsFor: (q: DateQuery) => readonly ArchivedSummary[] | undefined,
  dayLabel: (d: string) => string,
  childrenOf: ChildrenOf = () => undefined,
): TreeRow[] {
  const rows: TreeRow[] = [];
  tree.forEach((ws, wi) => {
    const wk = wsKey(ws.workspace);
    const wOpen = expanded.has(wk);
    rows.push({ key: wk, kind: 'workspace', level: 1, label: ws.workspace, count: ws.count, expandable: true, expanded: wOpen, posinset: wi + 1, setsize: tree.length });
    if (!wOpen) return;
    const multi = showsInstances(ws);
    ws.instances.forEach((inst, ii) => {
      const ik = instKey(ws.workspace, inst.instance);
      let level = 2;
      let parentKey = wk;
      if (multi) {
        const iOpen = expanded.has(ik);
        rows.push({ key: ik, kind: 'instance', level: 2, label: inst.instance, count: inst.count, expandable: true, expanded: iOpen, parentKey: wk, posinset: ii + 1, setsize: ws.instances.length });
        if (!iOpen) return;
        level = 3;
        parentKey = ik;
      }
      inst.dates.forEach((d, di) => {
        const dk = dateKey(ws.workspace, inst.instance, d.date);
        const dOpen = expanded.has(dk);
        const query = { workspace: ws.workspace, instance: inst.instance, date: d.date };
        const convs = dOpen ? conversationsFor(query) : undefined;
        rows.push({
          key: dk, kind: 'date', level, label: dayLabel(d.date), count: d.count, expandable: true, expanded: dOpen, parentKey,
          query, loading: dOpen && !convs, posinset: di + 1, setsize: inst.dates.length,
        });
        if (convs) pushConversations(rows, convs, level + 1, dk, expanded, childrenOf);
      });
    });
  });
  return rows;
}

/**
 * A date's conversations, subagents nested under their parent: those in the same list, and those
 * on another date or workspace (from `childrenOf`), which are then shown both here and there. A
 * row nested away from its own date gets a key of its own (under its parent's), so keys stay unique.
 */
function pushConversations(
  rows: TreeRow[],
  convs: readonly ArchivedSummary[],
  level: number,
  parentKey: string,
  expanded: ReadonlySet<string>,
  childrenOf: ChildrenOf,
): void {
  const ids = new Set(convs.map((c) => c.id));
  const children = new Map<string, ArchivedSummary[]>();
  const top: ArchivedSummary[] = [];
  for (const c of convs) {
    if (c.parentId && ids.has(c.parentId)) {
      const list = children.get(c.parentId) ?? [];
      list.push(c);
      children.set(c.parentId, list);
    } else top.push(c);
  }
  const kidsOf = (c: ArchivedSummary): ArchivedSummary[] => {
    const same = children.get(c.id) ?? [];
    const seen = new Set(same.map((k) => k.id));
    const elsewhere = (childrenOf(c.id) ?? []).filter((k) => !seen.has(k.id) && !ids.has(k.id));
    return [...same, ...elsewhere];
  };
  const push = (list: readonly ArchivedSummary[], lvl: number, pk: string, nestedAway: boolean, path: ReadonlySet<string>) => {
    list.forEach((c, i) => {
      const away = nestedAway || !ids.has(c.id);
      const k = away ? `${pk}\u001f${convKey(c.id)}` : convKey(c.id);
      // A parent that is its own descendant would loop: stop there.
      const kids = path.has(c.id) ? [] : kidsOf(c);
      const open = kids.length > 0 && expanded.has(k);
      rows.push({
        key: k, kind: 'conversation', level: lvl, label: displayTitle(c), expandable: kids.length > 0, expanded: open, parentKey: pk,
        conversation: c, orphanSubagent: Boolean(c.parentId) && !ids.has(c.parentId!) && !away, childCount: kids.length, childText: childrenCountText(kids), posinset: i + 1, setsize: list.length,
      });
      if (open) push(kids, lvl + 1, k, away, new Set([...path, c.id]));
    });
  };
  push(top, level, parentKey, false, new Set());
}
