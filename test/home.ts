/**
 * Builds a fake person's home out of the real fixtures: Claude Code and Codex files where the
 * agents keep them, one jackin container home, and credential files that must never be read.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { provenanceFor } from './provenance';

export interface FakeHome {
  readonly dir: string;
  /** Files placed, with the instance they belong to. */
  readonly files: { path: string; fixture: string; instance: string }[];
  readonly container: string;
}

export const JACKIN_CONTAINER = 'jk-1a2b3c4d-demo-dev';

export function buildFakeHome(dir: string): FakeHome {
  const files: FakeHome['files'] = [];
  const claude = provenanceFor('claude-code');
  const codex = provenanceFor('codex');
  claude.forEach((f, i) => {
    const id = /"sessionId":"([^"]+)"/.exec(readFileSync(f.absPath, 'utf8'))?.[1] ?? `session-${i}`;
    // The first one lives in a jackin container home; the rest in the person's own home.
    const inContainer = i === 0;
    const home = inContainer ? path.join(dir, '.jackin', 'data', JACKIN_CONTAINER) : dir;
    const target = path.join(home, '.claude', 'projects', `-work-project-${i % 3}`, `${id}.jsonl`);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(f.absPath, target);
    files.push({ path: target, fixture: f.absPath, instance: inContainer ? JACKIN_CONTAINER : 'host' });
  });
  codex.forEach((f) => {
    const text = readFileSync(f.absPath, 'utf8');
    const id = /"type":"session_meta","payload":\{"id":"([^"]+)"/.exec(text)?.[1] ?? 'unknown';
    const stamp = (/"timestamp":"([^"]+)"/.exec(text)?.[1] ?? '2026-01-01T00:00:00').slice(0, 19).replace(/:/g, '-');
    const target = path.join(dir, '.codex', 'sessions', stamp.slice(0, 4), stamp.slice(5, 7), stamp.slice(8, 10), `rollout-${stamp}-${id}.jsonl`);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(f.absPath, target);
    files.push({ path: target, fixture: f.absPath, instance: 'host' });
  });
  // Credential files as named pipes: opening one for reading would block forever, so a sync
  // that finishes proves it never opened them.
  for (const cred of [path.join(dir, '.claude', '.credentials.json'), path.join(dir, '.codex', 'auth.json')]) {
    mkdirSync(path.dirname(cred), { recursive: true });
    execFileSync('mkfifo', [cred]);
  }
  return { dir, files, container: JACKIN_CONTAINER };
}
