/**
 * Test helpers for live capture: a home holding the first part of real Claude Code and Codex
 * fixtures where the agents keep them, and the rest of each file cut at line boundaries, to
 * append the way an agent does. (Not a test itself; imported by the live tests and bench.)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from './fixtures';

export interface GrowingFile {
  readonly path: string;
  readonly fixture: string;
  /** What the file holds at first. */
  readonly head: Buffer;
  /** What is appended afterwards, in order. */
  readonly chunks: readonly Buffer[];
}

export const CLAUDE_FIXTURE = path.join(FIXTURES_DIR, 'claude-code/d-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
export const CODEX_FIXTURE = path.join(FIXTURES_DIR, 'codex/Mai0313__VibeCodingTracker/blob_dcbbb0da2e/examples/test_conversation_oai.jsonl');
export const CODEX_FIXTURE_2 = path.join(FIXTURES_DIR, 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl');

/** Where Claude Code keeps a session file in `home`. */
export function claudeTarget(home: string, fixture = CLAUDE_FIXTURE, project = '-work-demo'): string {
  return path.join(home, '.claude', 'projects', project, path.basename(fixture));
}

/** Where Codex keeps a rollout in `home`, named from its session_meta like the CLI does. */
export function codexTarget(home: string, fixture = CODEX_FIXTURE): string {
  const text = readFileSync(fixture, 'utf8');
  const id = /"type":"session_meta","payload":\{"id":"([^"]+)"/.exec(text)?.[1] ?? path.basename(fixture, '.jsonl');
  const stamp = (/"timestamp":"([^"]+)"/.exec(text)?.[1] ?? '2026-01-01T00:00:00').slice(0, 19).replace(/:/g, '-');
  return path.join(home, '.codex', 'sessions', stamp.slice(0, 4), stamp.slice(5, 7), stamp.slice(8, 10), `rollout-${stamp}-${id}.jsonl`);
}

/** Cut `fixture` at line boundaries: `headFraction` of its lines first, the rest in `pieces` chunks. */
export function splitFixture(fixture: string, target: string, headFraction: number, pieces: number): GrowingFile {
  const bytes = readFileSync(fixture);
  const ends: number[] = [];
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) ends.push(i + 1);
  if (ends.at(-1) !== bytes.length) ends.push(bytes.length);
  const headEnd = ends[Math.max(1, Math.floor(ends.length * headFraction)) - 1];
  const rest = ends.filter((e) => e > headEnd);
  const chunks: Buffer[] = [];
  let start = headEnd;
  for (let k = 1; k <= pieces; k += 1) {
    const end = k === pieces ? bytes.length : rest[Math.floor((rest.length * k) / pieces) - 1];
    if (end > start) chunks.push(bytes.subarray(start, end));
    start = Math.max(start, end);
  }
  return { path: target, fixture, head: bytes.subarray(0, headEnd), chunks };
}

export function writeHead(file: GrowingFile): void {
  mkdirSync(path.dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.head);
}

/** Poll until `check` holds (or throw after `timeoutMs`); returns how long it took. */
export async function until(check: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<number> {
  const started = performance.now();
  for (;;) {
    let ok = false;
    try {
      ok = check();
    } catch {
      ok = false;
    }
    if (ok) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
