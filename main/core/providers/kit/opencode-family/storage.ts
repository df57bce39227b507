/**
 * Reads a session from OpenCode's file store (`<data>/storage/`):
 *   session/<projectID>/<sessionID>.json   the session info (the file located and parsed)
 *   message/<sessionID>/<messageID>.json   one file per message info
 *   part/<messageID>/<partID>.json         one file per part
 * Messages are ordered by `time.created` then id, parts by id (OpenCode ids sort by time).
 * A file that cannot be read or parsed becomes a warning; the rest of the session is kept.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ParseWarning } from '../../../../../shared/record';
import { isObject, num, obj, shortError, type Json } from '../json';
import type { OcMessage, OcSession, Raw } from './source';
import { parseJson } from '../parse-json';

/** `<root>/storage/session/<projectID>/<id>.json` → `<root>/storage`. */
export function storageRootOf(sessionFile: string): string | undefined {
  const projectDir = path.dirname(sessionFile);
  const sessionDir = path.dirname(projectDir);
  if (path.basename(sessionDir) !== 'session') return undefined;
  return path.dirname(sessionDir);
}

export async function readStorageSession(sessionFile: string, info: Json): Promise<OcSession> {
  const warnings: ParseWarning[] = [];
  const root = storageRootOf(sessionFile);
  const id = typeof info.id === 'string' ? info.id : path.basename(sessionFile, '.json');
  if (!root) {
    warnings.push({ message: 'Session file is not under storage/session/<project>/: its messages cannot be found' });
    return { info, messages: [], warnings };
  }
  const infos = await readJsonDir(path.join(root, 'message', id), warnings);
  infos.sort((a, b) => (num(obj(a.data.time)?.created) ?? 0) - (num(obj(b.data.time)?.created) ?? 0) || cmp(a.name, b.name));
  const messages: OcMessage[] = await Promise.all(
    infos.map(async (m) => {
      const messageId = typeof m.data.id === 'string' ? m.data.id : path.basename(m.name, '.json');
      const parts = await readJsonDir(path.join(root, 'part', messageId), warnings);
      parts.sort((a, b) => cmp(a.name, b.name));
      return { info: m, parts };
    }),
  );
  return { info, messages, warnings };
}

interface NamedRaw extends Raw {
  readonly name: string;
}

async function readJsonDir(dir: string, warnings: ParseWarning[]): Promise<NamedRaw[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return []; // no messages (or parts) yet
  }
  const read = await Promise.all(
    names.map(async (name): Promise<NamedRaw | undefined> => {
      const file = path.join(dir, name);
      try {
        const data: unknown = parseJson(await readFile(file, 'utf8'));
        if (isObject(data)) return { name, data: data as Json, raw: JSON.stringify(data) };
        warnings.push({ message: `${file}: not a JSON object; skipped` });
      } catch (error) {
        warnings.push({ message: `${file}: unreadable; skipped (${shortError(error)})` });
      }
      return undefined;
    }),
  );
  return read.filter((r): r is NamedRaw => r !== undefined);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
