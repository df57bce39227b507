/**
 * Finds Continue sessions under one home: `~/.continue/sessions/<sessionId>.json`, one file per
 * session (core/util/paths.ts `getSessionFilePath`). `sessions.json` beside them is the index
 * (title, date, workspace of each) and is read by the parser, not returned. Nothing else in
 * `~/.continue` is opened (`config.yaml` / `.env` hold API keys).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots } from '../kit/walk';

export const CONTINUE_FOLDERS = ['.continue/sessions'];
export const SESSIONS_INDEX = 'sessions.json';
const SESSION_FILE = /\.json$/;

export async function locateContinueSessions(home: string): Promise<string[]> {
  // $CONTINUE_GLOBAL_DIR moves ~/.continue (core/util/paths.ts, the CLI's getSessionDir): this user's own home only.
  const moved = ownEnvRoots(home, process.env.CONTINUE_GLOBAL_DIR).map((dir) => path.join(dir, 'sessions'));
  return gather([...homeFolders(home, CONTINUE_FOLDERS), ...moved], async (dir) => (await filesIn(dir, SESSION_FILE)).filter((f) => !f.endsWith(`/${SESSIONS_INDEX}`) && !f.endsWith(`\\${SESSIONS_INDEX}`)));
}
