/**
 * A Claude Code session still being written, for the live e2e tests: a temporary home holding the
 * real fixture's first lines (blackgirlbytes' token-cost run), to which the tests append its next
 * ones the way Claude Code does (to the same file).
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURES_DIR } from '../test/fixtures';

export const LIVE_SESSION = 'be80e9bc-44fd-4e97-abd0-5d14c5d3e626';
const FIXTURE = path.join(FIXTURES_DIR, 'claude-code', 'blackgirlbytes__entire-token-costs-benchmark-tests', 'entire_checkpoints_v1', 'cb', '190e483db3', '0', 'full.jsonl');
/** The fixture's lines, in order. */
export const LIVE_LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter((l) => l.trim());

export interface LiveHome {
  /** The home (`--source` of `dejavu serve`). */
  readonly source: string;
  /** The session file. */
  readonly file: string;
  /** Appends the fixture's lines [from, to). */
  append(from: number, to: number): void;
}

/** A home whose session file holds the fixture's first `first` lines. */
export function liveHome(prefix: string, first: number): LiveHome {
  const source = mkdtempSync(path.join(tmpdir(), prefix));
  const project = path.join(source, '.claude', 'projects', '-Users-goose-guest-Documents-work-cli');
  mkdirSync(project, { recursive: true });
  const file = path.join(project, `${LIVE_SESSION}.jsonl`);
  const lines = (from: number, to: number) => LIVE_LINES.slice(from, to).map((l) => `${l}\n`).join('');
  writeFileSync(file, lines(0, first));
  return { source, file, append: (from, to) => appendFileSync(file, lines(from, to)) };
}
