/**
 * The memory every `import` and `sync` starts from (README, "One huge session: peak memory"): the
 * CLI's search indexer thread runs its own small bundle (out/cli/indexer.mjs), not a second copy
 * of the whole CLI (~50 MB of peak RSS on its own), and what only `mcp` and `serve` need is
 * loaded by them (~18 MB). Measured on the real CLI: the import of one small real session stays
 * under a bound it exceeded before (~200 MB), and its search rows were still written by that
 * thread.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hugeSessionSeed } from '../bench/huge-session';
import { runWithPeakRss } from '../bench/peak-rss';
import { dejavu } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const BUNDLE = path.join(REPO_ROOT, 'out', 'cli', 'dejavu.mjs');
/** A constant of the MCP SDK: in a file, that file holds the SDK. */
const MCP_SDK_MARK = 'LATEST_PROTOCOL_VERSION';

/** The files every run of the CLI loads: the bundle and the chunks it imports statically, transitively. */
function loadedAtStart(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/\bfrom\s*"(\.[^"]+)"/g)) loadedAtStart(path.resolve(path.dirname(file), m[1]), seen);
  return seen;
}
/**
 * Measured here: 201 MB with the whole CLI in the thread, 151 MB with its own bundle, 134 MB with
 * the MCP SDK and the server loaded only by `mcp` and `serve`; the bound leaves room for another
 * machine's Node.
 */
const SMALL_IMPORT_PEAK_MB = 160;

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

  it('leaves the MCP SDK out of what every command loads: `dejavu mcp` loads it', () => {
    const atStart = [...loadedAtStart(BUNDLE)];
    expect(atStart.length).toBeGreaterThan(1);
    expect(atStart.filter((f) => readFileSync(f, 'utf8').includes(MCP_SDK_MARK))).toEqual([]);
    const chunks = path.join(path.dirname(BUNDLE), 'chunks');
    const holders = readdirSync(chunks).filter((f) => f.endsWith('.mjs') && readFileSync(path.join(chunks, f), 'utf8').includes(MCP_SDK_MARK));
    expect(holders.length).toBe(1);
  });
});
