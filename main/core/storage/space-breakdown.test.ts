/**
 * The space breakdown reads every conversation's record beside the writer (on a reading thread in
 * the app): a record an applied sweep moved after the breakdown listed it is read where it went,
 * not counted unreadable with nothing to free.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFixtures } from '../../../test/retention-helpers';
import { ArchiveReader } from '../access/archive-reader';
import { loadCandidates } from '../retention/budget';
import { applySweep } from '../use-cases/evict';
import { oneShotWrites } from '../use-cases/writes';
import { spaceBreakdown } from './space-breakdown';

describe('the space breakdown beside a sweep', () => {
  it('reads a record a sweep moved after it was listed where it went', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-space-moved-'));
    importFixtures(root);
    const reader = new ArchiveReader(root);
    try {
      const listed = loadCandidates(reader.db);
      expect(spaceBreakdown(root, reader.db, listed).unreadable).toBe(0);
      // A sweep while the breakdown runs: stage 1 rewrites the oldest records under new names.
      const swept = await applySweep(oneShotWrites(root), { overrides: { softCapBytes: 1, hardCapBytes: 2 ** 40 } });
      expect(swept.steps.length).toBeGreaterThan(10);
      const beside = spaceBreakdown(root, reader.db, listed);
      expect(beside.unreadable).toBe(0);
      expect(beside).toEqual(spaceBreakdown(root, reader.db));
    } finally {
      reader.close();
    }
  });
});
