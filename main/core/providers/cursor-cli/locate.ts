/**
 * Finds Cursor CLI sessions under a home:
 * - `.cursor/projects/<sanitized-cwd>/agent-transcripts/<id>.jsonl` (CLI, flat) and
 *   `…/agent-transcripts/<id>/<id>.jsonl` (IDE agent, nested); the same under `.cursor-server`;
 * - the older plain-text `…/agent-transcripts/<id>.txt`, unless that chat also has a JSONL one;
 * - `.cursor/chats/<md5(cwd)>/<chatId>/store.db` (the CLI's SQLite chat store).
 * Only those names are returned; `cli-config.json` (auth) and the rest of `.cursor` are never opened.
 */
import path from 'node:path';
import { filesIn, filesUnder, gather, homeFolders, subfolders } from '../kit/walk';

const PROJECTS = ['.cursor/projects', '.cursor-server/projects'];
const CHATS = '.cursor/chats';
export const CURSOR_FOLDERS = [...PROJECTS, CHATS];

export async function locateCursor(home: string): Promise<string[]> {
  const transcripts = await gather(homeFolders(home, PROJECTS), async (projects) => {
    const found: string[] = [];
    for (const project of await subfolders(projects)) {
      const folder = path.join(project, 'agent-transcripts');
      const jsonl = await filesUnder(folder, /\.jsonl$/, 2);
      // The older plain-text transcripts sit flat; a chat Cursor also wrote as JSONL is read from that.
      const written = new Set(jsonl.map((f) => path.basename(f, '.jsonl')));
      const plain = (await filesIn(folder, /\.txt$/)).filter((f) => !written.has(path.basename(f, '.txt')));
      found.push(...jsonl, ...plain);
    }
    return found;
  });
  const stores = await gather(homeFolders(home, [CHATS]), async (chats) => {
    const found: string[] = [];
    for (const bucket of await subfolders(chats)) for (const chat of await subfolders(bucket)) found.push(...(await filesIn(chat, 'store.db')));
    return found;
  });
  return [...transcripts, ...stores].sort();
}
