/** The tree's state: which nodes are open, and the rows that shows (with the conversations of every open date fetched). */
import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgentId } from '../../../../shared/agents';
import type { ArchivedSummary, TreeWorkspace } from '../../../../shared/views';
import { dayLabel, dayOf, TIME_ZONE } from '../../lib/format';
import { channelQuery } from '../../lib/queries';
import { buildRows, convKey, dateKey, type DateQuery, instKey, openDates, parentCandidates, showsInstances, type TreeRow, wsKey } from './tree-model';

/** At most this many conversations ask for their subagents elsewhere (one small query each). */
const MAX_PARENT_QUERIES = 300;

export interface TreeExpansion {
  readonly expanded: ReadonlySet<string>;
  /** Opens or closes a node (`open` omitted: flips it). */
  readonly toggle: (row: TreeRow, open?: boolean) => void;
}

/** The newest day opens with the first data; a revealed conversation opens the nodes down to it. */
export function useTreeExpansion(tree: readonly TreeWorkspace[], reveal: ArchivedSummary | undefined): TreeExpansion {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => initialExpansion(tree));

  // Open the newest day the first time data arrives (and after a filter empties the tree).
  const seeded = useRef(tree.length > 0);
  useEffect(() => {
    if (!seeded.current && tree.length) {
      seeded.current = true;
      setExpanded(initialExpansion(tree));
    }
  }, [tree]);

  useEffect(() => {
    if (!reveal) return;
    setExpanded((cur) => {
      const next = new Set(cur);
      next.add(wsKey(reveal.workspace));
      next.add(instKey(reveal.workspace, reveal.instance));
      next.add(dateKey(reveal.workspace, reveal.instance, dayOf(reveal)));
      if (reveal.parentId) next.add(convKey(reveal.parentId));
      return next.size === cur.size ? cur : next;
    });
  }, [reveal]);

  const toggle = useCallback((row: TreeRow, open?: boolean) => {
    setExpanded((cur) => {
      const next = new Set(cur);
      if (open ?? !cur.has(row.key)) next.add(row.key);
      else next.delete(row.key);
      return next;
    });
  }, []);
  return { expanded, toggle };
}

/** The visible rows: each open date's conversations, and subagents nested under their parent wherever they were listed. */
export function useTreeRows(tree: readonly TreeWorkspace[], expanded: ReadonlySet<string>, agent: AgentId | undefined): TreeRow[] {
  const dates = useMemo(() => openDates(tree, expanded), [tree, expanded]);
  const convQueries = useQueries({
    queries: dates.map((d) => channelQuery('dejavu:conversations', { ...d, ...(agent ? { agent } : {}), timeZone: TIME_ZONE })),
  });
  const byDate = new Map<string, readonly ArchivedSummary[] | undefined>();
  dates.forEach((d, i) => byDate.set(dateKey(d.workspace, d.instance, d.date), convQueries[i]?.data));
  // Subagents on another date or workspace are nested under their parent too: ask each listed parent.
  const parents = parentCandidates(convQueries.map((q) => q.data)).slice(0, MAX_PARENT_QUERIES);
  const childQueries = useQueries({ queries: parents.map((id) => channelQuery('dejavu:conversations', agent ? { parentId: id, agent } : { parentId: id })) });
  const byParent = new Map<string, readonly ArchivedSummary[] | undefined>();
  parents.forEach((id, i) => byParent.set(id, childQueries[i]?.data));
  const dataKey = [...convQueries, ...childQueries].map((q) => q.dataUpdatedAt).join(',');
  return useMemo(
    () => buildRows(tree, expanded, (q: DateQuery) => byDate.get(dateKey(q.workspace, q.instance, q.date)), dayLabel, (id) => byParent.get(id)),
    // byDate and byParent are rebuilt every render; dataKey says when their contents changed.
    [tree, expanded, dataKey],
  );
}

function initialExpansion(tree: readonly TreeWorkspace[]): Set<string> {
  const first = tree[0];
  if (!first) return new Set();
  const inst = first.instances[0];
  const out = new Set([wsKey(first.workspace)]);
  if (inst) {
    if (showsInstances(first)) out.add(instKey(first.workspace, inst.instance));
    if (inst.dates[0]) out.add(dateKey(first.workspace, inst.instance, inst.dates[0].date));
  }
  return out;
}
