/**
 * Finds Pi sessions under one home: `~/.pi/agent/sessions/--<cwd>--/<timestamp>_<id>.jsonl`
 * (badlogic/pi-mono) and the same under `~/.omp/agent/sessions/` (oh-my-pi, its fork), plus
 * `$PI_CODING_AGENT_DIR/sessions` when the home is this user's own. Nothing else in the agent
 * folder is opened (`auth.json` holds provider keys; `blobs/` are read only for the images a
 * session points to).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const PI_FOLDERS = ['.pi/agent/sessions', '.omp/agent/sessions'];
const SESSION_FILE = /\.jsonl$/;

export async function locatePiSessions(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, PI_FOLDERS), ...ownEnvRoots(home, process.env.PI_CODING_AGENT_DIR).map((dir) => path.join(dir, 'sessions'))];
  return gather(roots, async (root) => {
    const found: string[] = [];
    for (const project of await subfolders(root)) found.push(...(await filesIn(project, SESSION_FILE)));
    return found;
  });
}
