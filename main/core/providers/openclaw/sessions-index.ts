/**
 * The name OpenClaw shows for a transcript: `sessions.json` beside it maps each `sessionKey`
 * to a `SessionEntry` (`sessionId`, `displayName`, `subject`, `chatType`, …; src/config/
 * sessions.ts). The entry whose `sessionId` is this transcript's gives its display name (a
 * chat or group name), else its subject.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isObject, str } from '../kit/json';
import { tryParseJson } from '../kit/parse-json';

export async function displayName(transcript: string, sessionId: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(path.dirname(transcript), 'sessions.json'), 'utf8');
  } catch {
    return undefined; // no store beside it: the transcript is all there is
  }
  const store = tryParseJson(text);
  if (!isObject(store)) return undefined;
  for (const entry of Object.values(store)) {
    if (isObject(entry) && entry.sessionId === sessionId) return str(entry.displayName) ?? str(entry.subject);
  }
  return undefined;
}
