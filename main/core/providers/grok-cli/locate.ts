/**
 * Finds Grok CLI sessions under one home: `~/.grok/sessions/<url-encoded cwd>/<session>/`
 * (and the older `<session>/subagents/<child>/`), plus the same under `$GROK_HOME` when the
 * home is this user's own. One log per session: `updates.jsonl`, the append-only log grok
 * itself restores sessions from, where the session has one; else `chat_history.jsonl`
 * (older sessions), which grok rewrites on compaction and which has no timestamps. And the
 * other Grok CLI's (superagent-ai) one database, `~/.grok/grok.db`. Auth and config files in
 * `~/.grok` are never opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';
import { GROK_DB } from './grok-db';

/** grok-build's sessions under `.grok/sessions`; superagent's Grok CLI's `.grok/grok.db` (grok-db.ts). */
export const GROK_FOLDERS = ['.grok'];
export const UPDATES_FILE = 'updates.jsonl';
const HISTORY = 'chat_history.jsonl';

export async function locateGrokSessions(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, ['.grok/sessions']), ...ownEnvRoots(home, process.env.GROK_HOME).map((dir) => path.join(dir, 'sessions'))];
  const databases = await gather(homeFolders(home, GROK_FOLDERS), (dir) => filesIn(dir, GROK_DB));
  const logs = await gather(roots, async (root) => {
    const found: string[] = [];
    for (const project of await subfolders(root)) {
      for (const session of await subfolders(project)) {
        found.push(...(await sessionLog(session)));
        for (const child of await subfolders(path.join(session, 'subagents'))) found.push(...(await sessionLog(child)));
      }
    }
    return found;
  });
  return [...logs, ...databases];
}

/**
 * updates.jsonl takes over from the chat_history.jsonl beside it: a session archived from that
 * before grok wrote updates.jsonl is not shown twice once it does.
 */
export function replacedGrokLogs(filePath: string): string[] {
  return path.basename(filePath) === UPDATES_FILE ? [path.join(path.dirname(filePath), HISTORY)] : [];
}

/** The one log of a session folder that is read: updates.jsonl, else chat_history.jsonl. */
async function sessionLog(dir: string): Promise<string[]> {
  const updates = await filesIn(dir, UPDATES_FILE);
  return updates.length ? updates : filesIn(dir, HISTORY);
}
