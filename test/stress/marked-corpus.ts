/**
 * A small home of real sessions for the stress runs: copies of the smaller Claude Code and Codex
 * fixtures under fresh session ids, each ending with one typed prompt that carries a word found
 * in no other conversation, so "every conversation is searchable" can be checked word by word.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CorpusSeed, loadSeeds } from '../../bench/corpus';
import { FIXTURES_DIR } from '../fixtures';

export interface MarkedFile {
  readonly path: string;
  readonly agent: CorpusSeed['agent'];
  readonly sessionId: string;
  /** The unique word its last prompt carries. */
  readonly marker: string;
}

/** A word the trigram index finds only in its own conversation (fixed width, so no marker contains another). */
export const markerWord = (kind: string, n: number): string => `qz${kind}${String(n).padStart(5, '0')}qz`;

/** One typed prompt in the agent's own line format. */
export function promptLine(agent: CorpusSeed['agent'], sessionId: string, text: string, parentUuid: string | null): string {
  const timestamp = '2026-02-01T00:00:00.000Z';
  if (agent === 'codex') return JSON.stringify({ timestamp, type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
  return JSON.stringify({ parentUuid, isSidechain: false, userType: 'external', cwd: '/stress/project', sessionId, version: '2.0.74', type: 'user', message: { role: 'user', content: text }, uuid: randomUUID(), timestamp });
}

/** The uuid of a Claude Code file's last line, to chain a new prompt after it. */
function lastUuid(text: string): string | null {
  const all = [...text.matchAll(/"uuid":"([^"]+)"/g)];
  return all.length ? all[all.length - 1][1] : null;
}

/** Writes `count` marked sessions under `home`, from fixtures of at most `maxSeedBytes` each. */
export function buildMarkedHome(home: string, count: number, maxSeedBytes = 48 * 1024): MarkedFile[] {
  const seeds = loadSeeds(FIXTURES_DIR).filter((s) => Buffer.byteLength(s.text) <= maxSeedBytes);
  if (!seeds.length) throw new Error(`no Claude Code or Codex fixture of at most ${maxSeedBytes} bytes in ${FIXTURES_DIR}`);
  const claudeDir = path.join(home, '.claude', 'projects', '-stress-project');
  const codexDir = path.join(home, '.codex', 'sessions', '2026', '02', '01');
  mkdirSync(claudeDir, { recursive: true });
  mkdirSync(codexDir, { recursive: true });
  const files: MarkedFile[] = [];
  for (let i = 0; i < count; i += 1) {
    const seed = seeds[i % seeds.length];
    const sessionId = randomUUID();
    const text = seed.text.split(seed.nativeId).join(sessionId).replace(/\n?$/, '\n');
    const marker = markerWord('conv', i);
    const file =
      seed.agent === 'claude-code'
        ? path.join(claudeDir, `${sessionId}.jsonl`)
        : path.join(codexDir, `rollout-2026-02-01T00-00-${String(i % 60).padStart(2, '0')}-${sessionId}.jsonl`);
    writeFileSync(file, `${text}${promptLine(seed.agent, sessionId, `stress check: remember ${marker}`, lastUuid(text))}\n`);
    files.push({ path: file, agent: seed.agent, sessionId, marker });
  }
  return files;
}

/** Appends one more marked prompt to a session file, as an agent does while a person types. */
export function appendPrompt(file: MarkedFile, marker: string): void {
  appendFileSync(file.path, `${promptLine(file.agent, file.sessionId, `live check: ${marker}`, lastUuid(readFileSync(file.path, 'utf8')))}\n`);
}
