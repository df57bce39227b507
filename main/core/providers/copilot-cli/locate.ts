/**
 * Finds Copilot CLI sessions under a home: `.copilot/session-state/<id>/events.jsonl` (current),
 * `.copilot/session-state/<id>.jsonl` (older flat layout) and
 * `.copilot/history-session-state/*.json` (legacy single-object sessions, 2025), plus
 * `$COPILOT_HOME` when the home is this user's own. Nothing else under `.copilot` is opened.
 */
import path from 'node:path';
import { filesIn, gather, ownEnvRoots, subfolders } from '../kit/walk';

const STATE = 'session-state';
const LEGACY = 'history-session-state';
export const COPILOT_FOLDERS = [`.copilot/${STATE}`, `.copilot/${LEGACY}`];

export async function locateCopilot(home: string): Promise<string[]> {
  return gather([path.join(home, '.copilot'), ...ownEnvRoots(home, process.env.COPILOT_HOME)], async (root) => {
    const stateDir = path.join(root, STATE);
    const found = await filesIn(stateDir, /\.jsonl$/);
    for (const session of await subfolders(stateDir)) found.push(...(await filesIn(session, 'events.jsonl')));
    found.push(...(await filesIn(path.join(root, LEGACY), /\.json$/)));
    return found;
  });
}
