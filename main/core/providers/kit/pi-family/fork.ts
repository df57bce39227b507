/**
 * A Pi fork (`/fork`, `--fork`: session-manager.ts createBranchedSession, forkFrom) is a new file
 * whose header names the session it came from (`parentSession`: that file's path) and whose first
 * entries are copies of that session's, under the same ids. While that file is there (it is
 * archived as its own conversation) the copies are left to it, behind a note; when it is gone,
 * they are the only record of what was typed, and stay. Only a `.jsonl` beside the fork's own
 * folder of sessions is opened: the path comes from the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../../../../shared/record';
import { isObject, str } from '../json';
import { forkNote } from '../fork-copies';

export interface ForkedFrom {
  /** The parent session's id (its header's), for the link. */
  readonly id: string;
  readonly messages: Message[];
}

/** The fork's own messages and its parent's id, or undefined when the file is not a fork of a session still there. */
export function withoutForkCopies(filePath: string, parentSession: string | undefined, messages: Message[]): ForkedFrom | undefined {
  if (!parentSession) return undefined;
  const sessionsRoot = path.dirname(path.dirname(path.resolve(filePath)));
  const parent = path.resolve(path.dirname(filePath), parentSession);
  if (!parent.endsWith('.jsonl') || !parent.startsWith(`${sessionsRoot}${path.sep}`) || !existsSync(parent)) return undefined;
  let text: string;
  try {
    text = readFileSync(parent, 'utf8');
  } catch {
    return undefined;
  }
  const ids = new Set<string>();
  let parentId: string | undefined;
  for (const line of text.split('\n')) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObject(entry)) continue;
    if (entry.type === 'session') parentId ??= str(entry.id);
    else if (str(entry.id)) ids.add(str(entry.id)!);
  }
  const own = messages.filter((m) => !ids.has(m.id.split('#')[0]));
  if (!parentId || own.length === messages.length) return undefined;
  const note = forkNote(parentId, `its ${messages.length - own.length} earlier messages are in that session's conversation`, own.find((m) => m.timestamp)?.timestamp);
  const kept = new Set(own.map((m) => m.id));
  for (const m of own) if (m.parentId !== undefined && !kept.has(m.parentId)) delete m.parentId;
  return { id: parentId, messages: [note, ...own] };
}
