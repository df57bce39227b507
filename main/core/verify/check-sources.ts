/** Source cursors: each points inside its file and names conversations the archive has. */
import { statSync } from 'node:fs';
import type { ReadableIndex } from '../archive/db';
import { conversationIds } from '../archive/index-store/read-conversations';
import { sourceCursors } from '../archive/index-store/read-sources';
import { type Finding, problem } from './findings';

const NEXT_SYNC = 'forgetting this cursor makes the next sync read the file from its start (what the archive holds is kept)';

export function checkSources(db: ReadableIndex): { findings: Finding[]; sources: number } {
  const cursors = sourceCursors(db);
  const archived = conversationIds(db);
  const findings: Finding[] = [];
  for (const c of cursors) {
    const where = { path: c.path, fix: { type: 'forget-cursor', path: c.path } as const };
    const size = sizeOf(c.path);
    if (size !== undefined && c.read_offset > size) {
      findings.push(problem('cursor', `The cursor of ${c.path} is at byte ${c.read_offset}, past the end of the file (${size} bytes); ${NEXT_SYNC}.`, where));
    }
    let ids: unknown;
    try {
      ids = JSON.parse(c.conversation_ids);
    } catch {
      ids = undefined;
    }
    if (!Array.isArray(ids)) {
      findings.push(problem('cursor', `The cursor of ${c.path} lists its conversations unreadably; ${NEXT_SYNC}.`, where));
      continue;
    }
    const absent = ids.filter((id) => typeof id !== 'string' || !archived.has(id));
    if (absent.length) {
      findings.push(problem('cursor', `The cursor of ${c.path} names ${absent.length === 1 ? 'a conversation' : 'conversations'} the archive does not have (${absent.join(', ')}); ${NEXT_SYNC}.`, where));
    }
  }
  return { findings, sources: cursors.length };
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined; // gone: sync marks it missing, which is no inconsistency
  }
}
