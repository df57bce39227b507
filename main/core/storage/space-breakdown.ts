/**
 * Where the archive's space goes, per workspace and per agent, and what each eviction stage
 * would free there: every conversation's stage-1 and stage-2 forms are worked out as a sweep
 * would (retention/step.ts `prepareStep`), without writing anything. It reads every blob, so it
 * is asked for on demand, not on every page open; in the app, on a reading thread beside the
 * writer, so a record a sweep or a sync moves meanwhile is read where it went.
 */
import type { SpaceBreakdown, SpaceGroup } from '../../../shared/views';
import type { ReadableIndex } from '../archive/db';
import { type Candidate, loadCandidates, movedSince } from '../retention/budget';
import { prepareStep, UnreadableError } from '../retention/step';

/** `listed`: the conversations as listed when it began (tests list them before a sweep runs). */
export function spaceBreakdown(root: string, db: ReadableIndex, listed: readonly Candidate[] = loadCandidates(db)): SpaceBreakdown {
  const byWorkspace = new Map<string, Mutable>();
  const byAgent = new Map<string, Mutable>();
  let unreadable = 0;
  for (const first of listed) {
    const { c, stage1, stage2, readable } = estimate(root, db, first);
    if (!readable) unreadable += 1;
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

/** What each stage would free of `listed`, or of the conversation as it is now when its record moved since it was listed. */
function estimate(root: string, db: ReadableIndex, listed: Candidate): { c: Candidate; stage1: number; stage2: number; readable: boolean } {
  let c = listed;
  for (;;) {
    if (c.pinned || c.stage >= 2) return { c, stage1: 0, stage2: 0, readable: true };
    try {
      const stage1 = c.stage === 0 ? (prepareStep(root, db, c, 'stage-1', 'soft-cap')?.estimatedFreed ?? 0) : 0;
      const stage2 = prepareStep(root, db, c, 'stage-2', 'hard-cap')?.estimatedFreed ?? 0;
      return { c, stage1, stage2, readable: true };
    } catch (err) {
      if (!(err instanceof UnreadableError)) throw err;
      const now = movedSince(db, c);
      if (!now) return { c, stage1: 0, stage2: 0, readable: false };
      c = now;
    }
  }
}

type Mutable = { -readonly [K in keyof SpaceGroup]: SpaceGroup[K] };
