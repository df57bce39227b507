/**
 * Reads the facts counted independently in ../shared/fixtures/PROVENANCE.md, so tests compare
 * parser output with them (and pick up files added later without code changes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR, PROVENANCE_PATH } from './fixtures';

export interface FixtureFacts {
  /** Row number in PROVENANCE.md. */
  readonly n: number;
  readonly agentSection: string;
  readonly file: string;
  readonly absPath: string;
  readonly prompts: number;
  readonly assistantTexts: number;
  readonly toolCalls: number;
  /** The "other counts" column as key=value pairs. */
  readonly other: Readonly<Record<string, string>>;
}

export function readProvenance(): FixtureFacts[] {
  const text = readFileSync(PROVENANCE_PATH, 'utf8');
  const files = new Map<number, { section: string; file: string }>();
  const facts = new Map<number, { prompts: number; assistantTexts: number; toolCalls: number; other: Record<string, string> }>();
  let section = '';
  let inFacts = false;
  for (const line of text.split('\n')) {
    const heading = /^##\s+([\w-]+)\s*$/.exec(line);
    if (heading) {
      section = heading[1];
      inFacts = false;
      continue;
    }
    if (/^###\s+.*counted facts/.test(line)) {
      inFacts = true;
      continue;
    }
    if (!line.startsWith('| ')) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    const n = Number(cells[0]);
    if (!Number.isInteger(n)) continue;
    if (!inFacts) {
      const file = /^`(.+)`$/.exec(cells[1])?.[1];
      if (file) files.set(n, { section, file });
    } else {
      const other: Record<string, string> = {};
      for (const pair of (cells[4] ?? '').split(';')) {
        const eq = pair.indexOf('=');
        if (eq > 0) other[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
      }
      facts.set(n, { prompts: Number(cells[1]), assistantTexts: Number(cells[2]), toolCalls: Number(cells[3]), other });
    }
  }
  const out: FixtureFacts[] = [];
  for (const [n, f] of files) {
    const counted = facts.get(n);
    if (!counted) continue;
    out.push({ n, agentSection: f.section, file: f.file, absPath: path.join(FIXTURES_DIR, f.file), ...counted });
  }
  return out.sort((a, b) => a.n - b.n);
}

export function provenanceFor(agentSection: string): FixtureFacts[] {
  return readProvenance().filter((f) => f.agentSection === agentSection);
}
