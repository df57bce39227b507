/**
 * A folder the person typed (or picked) to archive: made absolute and checked before a sync
 * reads it, so a typo gets a sentence naming the path instead of a sync that found nothing.
 */
import { statSync } from 'node:fs';
import path from 'node:path';

/** The typed path is no folder this process can read as a source. */
export class FolderError extends Error {}

/**
 * `~` and `~/…` are the person's home (a shell would expand them; a text field does not). A
 * relative path is refused: relative to what the server runs in, it would name a folder the
 * person did not mean.
 */
export function checkedFolder(typed: string, home: string, archiveRoot: string): string {
  const trimmed = typed.trim();
  const expanded = trimmed === '~' ? home : /^~[\\/]/.test(trimmed) ? path.join(home, trimmed.slice(2)) : trimmed;
  if (!path.isAbsolute(expanded)) throw new FolderError(`give the folder’s full path (starting with / or ~), not ${JSON.stringify(trimmed)}`);
  const folder = path.resolve(expanded);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(folder).isDirectory();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new FolderError(code === 'ENOENT' || code === 'ENOTDIR' ? `no folder at ${folder}` : `cannot read ${folder}: ${(err as Error).message}`);
  }
  if (!isDirectory) throw new FolderError(`${folder} is a file, not a folder: choose the folder that holds the session files`);
  const root = path.resolve(archiveRoot);
  if (folder === root || folder.startsWith(root + path.sep)) throw new FolderError(`${folder} is inside this archive: choose a folder where an agent keeps its sessions`);
  return folder;
}
