/**
 * The memory every `import` and `sync` starts from (README, "One huge session: peak memory"): the
 * CLI's search indexer thread runs its own small bundle (out/cli/indexer.mjs), not a second copy
 * of the whole CLI, which cost ~50 MB of peak RSS on its own. Measured on the real CLI: the
 * import of one small real session stays under a bound it exceeded before (~200 MB), and its
 * search rows were still written by that thread.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed } from '../bench/huge-session';
import { runWithPeakRss } from '../bench/peak-rss';
import { dejavu } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const BUNDLE = path.join(REPO_ROOT, 'out', 'cli', 'dejavu.mjs');
/** Measured 151 MB here after, 201 MB before; the bound leaves room for another machine's Node. */
const SMALL_IMPORT_PEAK_MB = 175;

describe('the memory floor of an import', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-floor-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('imports a small session under the bound, its search rows written by the indexer thread', () => {
    const archive = path.join(work, 'archive');
    const run = runWithPeakRss(BUNDLE, ['import', hugeSessionSeed(FIXTURES_DIR), '--archive', archive]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 read');
    expect(run.peakMb).toBeLessThan(SMALL_IMPORT_PEAK_MB);
    // A word of the session's first command, found through search.db: the thread did its work.
    const found = dejavu(['search', 'orchestrator', '--archive', archive, '--json']);
    expect(found.stderr).toBe('');
    expect(JSON.parse(found.stdout).length).toBeGreaterThan(0);
  });
});
