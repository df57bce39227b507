/**
 * Where each agent writes a session file under a home, for laying the real fixtures out exactly
 * as a person's machine holds them (subagent files beside their session). OpenCode is absent:
 * its fixtures are `opencode export` documents, not its storage (its own test builds that).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FixtureFacts } from './provenance';

type Place = (row: FixtureFacts, base: string) => string;

const KIMI_SUB = /^(.+)_read_(\d+)\.jsonl$/;

export const HOME_PLACES: Readonly<Record<string, Place>> = {
  'claude-code': (r, base) => path.join('.claude', 'projects', `-home-me-p${r.n}`, `${r.n}-${base}`),
  codex: (r, base) => path.join('.codex', 'sessions', '2026', '01', '01', `rollout-${r.n}-${base}`),
  'copilot-cli': (r, base) => (base.endsWith('.json') ? path.join('.copilot', 'history-session-state', `${r.n}-${base}`) : path.join('.copilot', 'session-state', String(r.n), 'events.jsonl')),
  'cursor-cli': (r) => path.join('.cursor', 'projects', `home-me-p${r.n}`, 'agent-transcripts', `${r.n}.jsonl`),
  'factory-droid': (r, base) => path.join('.factory', 'sessions', `-home-me-p${r.n}`, `${r.n}-${base}`),
  cline: (r) => path.join('.cline', 'data', 'tasks', String(r.n), 'ui_messages.json'),
  'gemini-cli': (r, base) => path.join('.gemini', 'tmp', 'a'.repeat(64), 'chats', `session-${r.n}${path.extname(base)}`),
  'kimi-cli': (r, base) => {
    const sub = KIMI_SUB.exec(base);
    const session = sub ? sub[1] : base.replace(/\.jsonl$/, '');
    return path.join('.kimi', 'sessions', 'b'.repeat(32), session, sub ? `context_sub_${sub[2]}.jsonl` : 'context.jsonl');
  },
  aider: (r) => path.join('code', `p${r.n}`, '.aider.chat.history.md'),
};

/** Copies each row's fixture into `home` where its agent writes it; returns the placed paths by row. */
export function layOut(home: string, rows: readonly FixtureFacts[]): Map<FixtureFacts, string> {
  const placed = new Map<FixtureFacts, string>();
  for (const r of rows) {
    const place = HOME_PLACES[r.agentSection];
    if (!place) continue;
    const file = path.join(home, place(r, path.basename(r.absPath)));
    mkdirSync(path.dirname(file), { recursive: true });
    copyFileSync(r.absPath, file);
    placed.set(r, file);
  }
  return placed;
}
