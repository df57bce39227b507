/**
 * Finds Copilot CLI sessions under a home: `.copilot/session-state/<id>/events.jsonl` (current),
 * `.copilot/session-state/<id>.jsonl` (older flat layout) and
 * `.copilot/history-session-state/*.json` (legacy single-object sessions, 2025), plus
 * `$COPILOT_HOME` when the home is this user's own. Nothing else under `.copilot` is opened.
 */
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

export async function locateCopilot(home: string): Promise<string[]> {
  const roots = new Set([path.join(home, '.copilot')]);
  const copilotHome = process.env.COPILOT_HOME;
  if (copilotHome && path.resolve(home) === path.resolve(os.homedir())) roots.add(path.resolve(copilotHome));
  const found = new Set<string>();
  for (const root of roots) {
    const stateDir = path.join(root, 'session-state');
    for (const entry of await list(stateDir)) {
      const full = path.join(stateDir, entry.name);
      if (entry.isDirectory()) {
        const events = (await list(full)).find((e) => e.isFile() && e.name === 'events.jsonl');
        if (events) found.add(path.join(full, events.name));
      } else if (entry.isFile() && entry.name.endsWith('.jsonl')) {
        found.add(full);
      }
    }
    const legacyDir = path.join(root, 'history-session-state');
    for (const entry of await list(legacyDir)) {
      if (entry.isFile() && entry.name.endsWith('.json')) found.add(path.join(legacyDir, entry.name));
    }
  }
  return [...found].filter(keepUnlessCredential).sort();
}

async function list(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}
