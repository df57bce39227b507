/**
 * Finds Continue sessions under one home: `~/.continue/sessions/<sessionId>.json`, one file per
 * session (core/util/paths.ts `getSessionFilePath`). `sessions.json` beside them is the index
 * (title, date, workspace of each) and is read by the parser, not returned. Nothing else in
 * `~/.continue` is opened (`config.yaml` / `.env` hold API keys).
 */
import { filesIn, gather, homeFolders } from '../kit/walk';

export const CONTINUE_FOLDERS = ['.continue/sessions'];
export const SESSIONS_INDEX = 'sessions.json';
const SESSION_FILE = /\.json$/;

export async function locateContinueSessions(home: string): Promise<string[]> {
  return gather(homeFolders(home, CONTINUE_FOLDERS), async (dir) => (await filesIn(dir, SESSION_FILE)).filter((f) => !f.endsWith(`/${SESSIONS_INDEX}`) && !f.endsWith(`\\${SESSIONS_INDEX}`)));
}
