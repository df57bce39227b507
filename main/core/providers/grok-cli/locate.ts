/**
 * Finds Grok CLI sessions under one home: `~/.grok/sessions/<url-encoded cwd>/<session>/
 * chat_history.jsonl` and subagent sessions in `<session>/subagents/<child>/`, plus the same
 * under `$GROK_HOME` when the home is this user's own. Only `chat_history.jsonl` names are
 * returned; auth and config files in `~/.grok` are never opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const GROK_FOLDERS = ['.grok/sessions'];
const HISTORY = 'chat_history.jsonl';

export async function locateGrokSessions(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, GROK_FOLDERS), ...ownEnvRoots(home, process.env.GROK_HOME).map((dir) => path.join(dir, 'sessions'))];
  return gather(roots, async (root) => {
    const found: string[] = [];
    for (const project of await subfolders(root)) {
      for (const session of await subfolders(project)) {
        found.push(...(await filesIn(session, HISTORY)));
        for (const child of await subfolders(path.join(session, 'subagents'))) found.push(...(await filesIn(child, HISTORY)));
      }
    }
    return found;
  });
}
