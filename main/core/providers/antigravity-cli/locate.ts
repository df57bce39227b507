/**
 * Finds Antigravity CLI conversations under a home, in `~/.gemini/antigravity-cli`: for each
 * `brain/<id>/` its readable transcript (`transcript_full.jsonl`, else the shortened
 * `transcript.jsonl`); and, for a conversation with no transcript, its store
 * `conversations/<id>.db` (else the encrypted `<id>.pb` of older builds), so it is named with a
 * warning rather than passed over. The OAuth token, settings and caches beside them are never
 * returned.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { filesIn, gather, homeFolders, subfolders } from '../kit/walk';
import { transcriptsOf } from './layout';

export const ANTIGRAVITY_FOLDERS = ['.gemini/antigravity-cli'];
const STORE = /^[\w-]+\.(db|pb)$/i;

export async function locateAntigravity(home: string): Promise<string[]> {
  return gather(homeFolders(home, ANTIGRAVITY_FOLDERS), async (root) => {
    const found: string[] = [];
    const read = new Set<string>();
    for (const conversation of await subfolders(path.join(root, 'brain'))) {
      const id = path.basename(conversation);
      const transcript = transcriptsOf(root, id).find((f) => existsSync(f));
      if (!transcript) continue;
      found.push(transcript);
      read.add(id);
    }
    const stores = new Map<string, string>();
    for (const file of await filesIn(path.join(root, 'conversations'), STORE)) {
      const id = path.basename(file).replace(/\.(db|pb)$/i, '');
      // A .pb beside its .db is the copy /fork writes: the .db is the conversation.
      if (!read.has(id) && (!stores.has(id) || /\.db$/i.test(file))) stores.set(id, file);
    }
    found.push(...stores.values());
    return found;
  });
}
