/** A problem verify found, with what `--repair` would do about it, and the report they make. */
import type { IntegrityCounts, IntegrityGroup, IntegrityProblem, IntegrityReport } from '../../../shared/verify';
import type { RowFacts } from '../archive/index-store/write-conversations';

/** How a problem is fixed: each rebuilds derived data, forgets a cursor, moves a file aside or removes stored content nothing refers to; none deletes a record. */
export type Fix =
  /** The row's counts, title or times are not its blob's: copy them from the blob. */
  | { readonly type: 'row-facts'; readonly id: string; readonly facts: RowFacts }
  /** The row describes another revision than its blob holds: describe it by the blob, and have the next sync read its sources again. */
  | { readonly type: 'adopt-blob'; readonly id: string; readonly seq: number; readonly sources: readonly string[] }
  | { readonly type: 'move-aside'; readonly path: string }
  | { readonly type: 'reindex'; readonly seq: number }
  | { readonly type: 'drop-search-rows'; readonly seq: number }
  | { readonly type: 'analyze' }
  | { readonly type: 'finish-ledger' }
  | { readonly type: 'forget-cursor'; readonly path: string }
  | { readonly type: 'sweep-content' };

export interface Finding extends IntegrityProblem {
  readonly conversationId?: string;
  readonly fix?: Fix;
}

export function problem(kind: IntegrityProblem['kind'], message: string, where: { conversationId?: string; path?: string; fix?: Fix } = {}): Finding {
  return { kind, message, repairable: where.fix !== undefined, ...where };
}

/** Findings grouped per conversation (the archive's own files first), in plain sentences. */
export function buildReport(findings: readonly Finding[], counts: IntegrityCounts, titles: ReadonlyMap<string, string>, checkedAt = new Date().toISOString()): IntegrityReport {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = f.conversationId ?? '';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const ordered: IntegrityGroup[] = [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)))
    .map(([id, list]) => ({
      ...(id ? { conversationId: id } : {}),
      ...(id && titles.get(id) ? { title: titles.get(id) } : {}),
      problems: list.map(({ kind, message, repairable, path }) => ({ kind, message, repairable, ...(path ? { path } : {}) })),
    }));
  return { checkedAt, consistent: findings.length === 0, counts, problems: findings.length, groups: ordered };
}
