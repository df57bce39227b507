/**
 * The chat store a transcript's chat also has. Newer Cursor CLIs write both for one chat: the
 * transcript under `.cursor/projects/<p>/agent-transcripts/` and the SQLite store under
 * `.cursor/chats/<md5(cwd)>/<chatId>/store.db` (public readers' reports: every chat with a store
 * had a transcript beside it, written minutes apart). Both read as the same conversation id, so
 * each turn would show twice: the store holds more (reasoning, tool results), so it is read as
 * the chat and the transcript adds only the turns the store does not hold yet (Provider.replaces:
 * archive/echoes.ts); the transcript is read again when its store changes (Provider.companionsOf),
 * so a turn it gave before the store caught up goes once the store has it.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** `<home>/.cursor/chats/*\/<id>/store.db` for a transcript `<home>/.cursor(-server)/projects/…/<id>.jsonl|.txt`. */
export function storesOfTranscript(transcript: string): string[] {
  const m = /^(.*)[\\/]\.cursor(?:-server)?[\\/]projects[\\/]/.exec(transcript);
  if (!m || !/\.(jsonl|txt)$/i.test(transcript)) return [];
  const chats = path.join(m[1], '.cursor', 'chats');
  const id = path.basename(transcript).replace(/\.(jsonl|txt)$/i, '');
  // Listed each time (buckets are one per work dir: tens): a store may appear at any moment.
  return entries(chats)
    .map((bucket) => path.join(chats, bucket, id, 'store.db'))
    .filter((store) => existsSync(store));
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
