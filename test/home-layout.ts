/**
 * Where each agent writes a session file under a home, for laying the real fixtures out exactly
 * as a person's machine holds them (subagent files beside their session), together with the
 * project records the agent keeps beside them (Gemini's `.project_root`, Kimi's `kimi.json`,
 * Cursor's project folder named after the project's path). Each fixture's project is
 * `<home>/code/p<n>`. OpenCode is absent: its fixtures are `opencode export` documents, not its
 * storage (its own test builds that).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FixtureFacts } from './provenance';

type Place = (row: FixtureFacts, base: string, home: string) => string;

const KIMI_SUB = /^(.+)_read_(\d+)\.jsonl$/;

/** The project folder a fixture's session ran in (a Kimi subagent's is its session's). */
export function projectOf(home: string, row: FixtureFacts): string {
  if (row.agentSection === 'kimi-cli') return path.join(home, 'code', `k-${kimiSession(path.basename(row.absPath)).slice(0, 8)}`);
  return path.join(home, 'code', `p${row.n}`);
}

const kimiSession = (base: string) => KIMI_SUB.exec(base)?.[1] ?? base.replace(/\.jsonl$/, '');

/** Cursor names a project folder after its path, separators turned into dashes. */
const cursorSlug = (dir: string) => dir.replace(/^[\\/]+/, '').replace(/[\\/]+/g, '-');
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export const HOME_PLACES: Readonly<Record<string, Place>> = {
  'claude-code': (r, base) => path.join('.claude', 'projects', `-home-me-p${r.n}`, `${r.n}-${base}`),
  codex: (r, base) => path.join('.codex', 'sessions', '2026', '01', '01', `rollout-${r.n}-${base}`),
  'copilot-cli': (r, base) => (base.endsWith('.json') ? path.join('.copilot', 'history-session-state', `${r.n}-${base}`) : path.join('.copilot', 'session-state', String(r.n), 'events.jsonl')),
  'cursor-cli': (r, _base, home) => path.join('.cursor', 'projects', cursorSlug(projectOf(home, r)), 'agent-transcripts', `${r.n}.jsonl`),
  'factory-droid': (r, base) => path.join('.factory', 'sessions', `-home-me-p${r.n}`, `${r.n}-${base}`),
  cline: (r) => path.join('.cline', 'data', 'tasks', String(r.n), 'ui_messages.json'),
  'gemini-cli': (r, base) => path.join('.gemini', 'tmp', `p${r.n}`, 'chats', `session-${r.n}${path.extname(base)}`),
  'kimi-cli': (r, base, home) => {
    const sub = KIMI_SUB.exec(base);
    return path.join('.kimi', 'sessions', md5(projectOf(home, r)), kimiSession(base), sub ? `context_sub_${sub[2]}.jsonl` : 'context.jsonl');
  },
  aider: (r) => path.join('code', `p${r.n}`, '.aider.chat.history.md'),
};

/** The project records an agent keeps beside its sessions, written after a row's file is placed. */
const PROJECT_RECORDS: Readonly<Record<string, (home: string, row: FixtureFacts, file: string) => void>> = {
  'gemini-cli': (home, r, file) => writeFileSync(path.join(path.dirname(path.dirname(file)), '.project_root'), projectOf(home, r)),
  'kimi-cli': (home, r) => {
    const registry = path.join(home, '.kimi', 'kimi.json');
    const data = existsSync(registry) ? (JSON.parse(readFileSync(registry, 'utf8')) as { work_dirs: { path: string }[] }) : { work_dirs: [] };
    const dir = projectOf(home, r);
    if (!data.work_dirs.some((w) => w.path === dir)) data.work_dirs.push({ path: dir });
    writeFileSync(registry, JSON.stringify(data));
  },
};

/** Copies each row's fixture into `home` where its agent writes it; returns the placed paths by row. */
export function layOut(home: string, rows: readonly FixtureFacts[]): Map<FixtureFacts, string> {
  const placed = new Map<FixtureFacts, string>();
  for (const r of rows) {
    const place = HOME_PLACES[r.agentSection];
    if (!place) continue;
    const file = path.join(home, place(r, path.basename(r.absPath), home));
    mkdirSync(path.dirname(file), { recursive: true });
    mkdirSync(projectOf(home, r), { recursive: true });
    copyFileSync(r.absPath, file);
    PROJECT_RECORDS[r.agentSection]?.(home, r, file);
    placed.set(r, file);
  }
  return placed;
}
