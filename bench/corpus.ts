/**
 * Builds a benchmark corpus by replicating the real fixture sessions into a fake home, each
 * copy under a fresh session id, until it reaches the wanted size. Nothing is invented: every
 * line is a real line with only its session id changed.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface CorpusSeed {
  readonly agent: 'claude-code' | 'codex';
  readonly text: string;
  readonly nativeId: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : e.name.endsWith('.jsonl') ? [p] : [];
  });
}

export function loadSeeds(fixturesDir: string): CorpusSeed[] {
  const seeds: CorpusSeed[] = [];
  for (const file of walk(path.join(fixturesDir, 'claude-code'))) {
    const text = readFileSync(file, 'utf8');
    const id = /"sessionId":"([^"]+)"/.exec(text)?.[1];
    if (id) seeds.push({ agent: 'claude-code', text, nativeId: id });
  }
  for (const file of walk(path.join(fixturesDir, 'codex'))) {
    const text = readFileSync(file, 'utf8');
    const id = /"type":"session_meta","payload":\{"id":"([^"]+)"/.exec(text)?.[1];
    if (id) seeds.push({ agent: 'codex', text, nativeId: id });
  }
  return seeds;
}

/** Write copies of the seeds under `home` until `targetBytes`; returns the files written. */
export function buildCorpus(seeds: readonly CorpusSeed[], home: string, targetBytes: number): { files: number; bytes: number } {
  let bytes = 0;
  let files = 0;
  const claudeDir = path.join(home, '.claude', 'projects', '-bench-project');
  const codexDir = path.join(home, '.codex', 'sessions', '2026', '01', '01');
  mkdirSync(claudeDir, { recursive: true });
  mkdirSync(codexDir, { recursive: true });
  for (let round = 0; bytes < targetBytes; round += 1) {
    for (const seed of seeds) {
      if (bytes >= targetBytes) break;
      const id = randomUUID();
      const text = seed.text.split(seed.nativeId).join(id);
      const file =
        seed.agent === 'claude-code'
          ? path.join(claudeDir, `${id}.jsonl`)
          : path.join(codexDir, `rollout-2026-01-01T00-00-${String(round % 60).padStart(2, '0')}-${id}.jsonl`);
      writeFileSync(file, text);
      bytes += Buffer.byteLength(text);
      files += 1;
    }
  }
  return { files, bytes };
}

export function corpusFiles(home: string): string[] {
  return walk(home).filter((f) => statSync(f).isFile());
}
