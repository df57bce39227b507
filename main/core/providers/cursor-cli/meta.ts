/**
 * The CLI's per-chat sidecar `~/.cursor/chats/<md5(cwd)>/<chatId>/meta.json` (`cwd`, `title`,
 * `createdAtMs`, `updatedAtMs`, `isSubagent`): the only place a transcript's directory and title
 * are recorded. Read when present; a transcript without one keeps what its own text says.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { num, obj, str, type Json } from '../kit/json';
import { parseJson } from '../kit/parse-json';

export interface ChatMeta {
  cwd?: string;
  title?: string;
  createdAt?: string;
  updatedAt?: string;
  isSubagent?: boolean;
}

export async function readMetaFile(file: string): Promise<ChatMeta | undefined> {
  try {
    const parsed = obj(parseJson(await readFile(file, 'utf8')));
    return parsed ? toMeta(parsed) : undefined;
  } catch {
    return undefined;
  }
}

/** For `<root>/.cursor/projects/<p>/agent-transcripts/…/<id>.jsonl`: `<root>/.cursor/chats/*\/<id>/meta.json`. */
export async function metaForTranscript(transcript: string, chatId: string): Promise<ChatMeta | undefined> {
  const m = /^(.*[\\/]\.cursor)[\\/]projects[\\/]/.exec(transcript);
  if (!m) return undefined;
  const chats = path.join(m[1], 'chats');
  let buckets: string[];
  try {
    buckets = await readdir(chats);
  } catch {
    return undefined;
  }
  for (const bucket of buckets) {
    const meta = await readMetaFile(path.join(chats, bucket, chatId, 'meta.json'));
    if (meta) return meta;
  }
  return undefined;
}

function toMeta(j: Json): ChatMeta {
  const meta: ChatMeta = {};
  if (str(j.cwd)) meta.cwd = str(j.cwd);
  if (str(j.title)?.trim()) meta.title = str(j.title)!.trim();
  meta.createdAt = isoFromMs(j.createdAtMs);
  meta.updatedAt = isoFromMs(j.updatedAtMs);
  if (typeof j.isSubagent === 'boolean') meta.isSubagent = j.isSubagent;
  return meta;
}

/** Milliseconds as a number or numeric string → ISO; anything else → undefined. */
export function isoFromMs(value: unknown): string | undefined {
  const ms = num(value) ?? (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined);
  if (ms === undefined || ms <= 0 || ms > 8.64e15) return undefined;
  return new Date(ms).toISOString();
}
