/**
 * Where the archive's space goes, per workspace and per agent, and what each eviction stage
 * would free there: every conversation's stage-1 and stage-2 forms are worked out as a sweep
 * would (retention/step.ts `prepareStep`), without writing anything. It reads every blob, so it
 * is asked for on demand, not on every page open.
 */
import type { SpaceBreakdown, SpaceGroup } from '../../../shared/views';
import type { ReadableIndex } from '../archive/db';
import { loadCandidates } from '../retention/budget';
import { prepareStep, UnreadableError } from '../retention/step';

export function spaceBreakdown(root: string, db: ReadableIndex): SpaceBreakdown {
  const byWorkspace = new Map<string, Mutable>();
  const byAgent = new Map<string, Mutable>();
  let unreadable = 0;
  for (const c of loadCandidates(db)) {
    let stage1 = 0;
    let stage2 = 0;
    if (!c.pinned && c.stage < 2) {
      try {
        if (c.stage === 0) stage1 = prepareStep(root, db, c, 'stage-1', 'soft-cap')?.estimatedFreed ?? 0;
        stage2 = prepareStep(root, db, c, 'stage-2', 'hard-cap')?.estimatedFreed ?? 0;
      } catch (err) {
        if (!(err instanceof UnreadableError)) throw err;
        unreadable += 1;
      }
    }
    for (const [map, name] of [[byWorkspace, c.workspace], [byAgent, c.agent]] as const) {
      const g = map.get(name) ?? { name, conversations: 0, bytes: 0, stage1Frees: 0, stage2Frees: 0, pinned: 0 };
      g.conversations += 1;
      g.bytes += c.blobBytes;
      g.stage1Frees += Math.max(0, stage1);
      g.stage2Frees += Math.max(0, stage2);
      if (c.pinned) g.pinned += 1;
      map.set(name, g);
    }
  }
  const largestFirst = (m: Map<string, Mutable>): SpaceGroup[] => [...m.values()].sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
  return { byWorkspace: largestFirst(byWorkspace), byAgent: largestFirst(byAgent), unreadable };
}

type Mutable = { -readonly [K in keyof SpaceGroup]: SpaceGroup[K] };
