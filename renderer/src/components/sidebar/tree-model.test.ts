import { describe, expect, it } from 'vitest';
import type { ArchivedSummary, TreeWorkspace } from '../../../../shared/views';
import { buildRows, convKey, dateKey, instKey, wsKey } from './tree-model';

const conv = (id: string, workspace: string, startedAt: string, parentId?: string) =>
  ({ id, workspace, instance: 'host', startedAt, parentId, title: id, agent: 'claude-code', nativeId: id, messageCount: 1 }) as unknown as ArchivedSummary;

const P = conv('p', 'demo', '2025-09-03T00:00:00Z');
const SAME = conv('p.sub-1', 'demo', '2025-09-03T00:01:00Z', 'p');
const AWAY = conv('p.sub-2', 'types', '2025-09-04T00:00:00Z', 'p');
const tree: TreeWorkspace[] = [
  { workspace: 'demo', count: 2, instances: [{ instance: 'host', count: 2, dates: [{ date: '2025-09-03', count: 2 }] }] },
  { workspace: 'types', count: 1, instances: [{ instance: 'host', count: 1, dates: [{ date: '2025-09-04', count: 1 }] }] },
];
const lists = new Map([
  ['demo/2025-09-03', [P, SAME]],
  ['types/2025-09-04', [AWAY]],
]);
const forDate = (q: { workspace: string; date: string }) => lists.get(`${q.workspace}/${q.date}`);

describe('the tree model', () => {
  const open = new Set([wsKey('demo'), instKey('demo', 'host'), dateKey('demo', 'host', '2025-09-03'), wsKey('types'), dateKey('types', 'host', '2025-09-04'), convKey('p')]);

  it('nests a subagent from another workspace under its parent, with a key of its own', () => {
    const rows = buildRows(tree, open, forDate, (d) => d, (id) => (id === 'p' ? [SAME, AWAY] : undefined));
    const parent = rows.find((r) => r.key === convKey('p'))!;
    expect(parent).toMatchObject({ expandable: true, expanded: true, childCount: 2 });
    const nested = rows.filter((r) => r.parentKey === parent.key).map((r) => [r.conversation?.id, r.level]);
    expect(nested).toEqual([
      ['p.sub-1', parent.level + 1],
      ['p.sub-2', parent.level + 1],
    ]);
    // Still listed on its own date, marked as away from its parent; keys never repeat.
    expect(rows.find((r) => r.key === convKey('p.sub-2'))?.orphanSubagent).toBe(true);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it('keeps the same-list nesting when nothing is known elsewhere', () => {
    const rows = buildRows(tree, open, forDate, (d) => d);
    expect(rows.find((r) => r.key === convKey('p'))?.childCount).toBe(1);
  });

  it('counts a parent\'s linked conversations by relation: a continuation is no subagent', () => {
    const next = { ...conv('p.next', 'demo', '2025-09-03T00:02:00Z', 'p'), relation: 'continuation' } as ArchivedSummary;
    const rows = buildRows(tree, open, (q) => (q.workspace === 'demo' ? [P, SAME, next] : lists.get(`${q.workspace}/${q.date}`)), (d) => d);
    expect(rows.find((r) => r.key === convKey('p'))).toMatchObject({ childCount: 2, childText: '1 subagent · continued in 1' });
  });
});

