/**
 * The turns of a forked thread's parent, read from the parent's own rollout, so the turns a
 * legacy fork replays can be told from the fork's own by their turn ids. The parent's file is
 * looked for beside the fork, then in its Codex home's `sessions/` and `archived_sessions/`
 * trees (`rollout-<local time>-<thread id>.jsonl`). Read only; read again only when it changes.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { FileStampCache } from '../kit/file-stamp-cache';
import { isObject, obj, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';
import { readSourceText } from '../kit/source-bytes';
import { codexHomeOf, SESSION_DIRS } from './codex-home';

/** Records that start, end or describe a turn carry its id. */
const TURN_RECORDS = new Set(['turn_context', 'task_started', 'turn_started', 'task_complete', 'turn_complete', 'turn_aborted']);

/** The turn a record names, where it names one (`turn_context.turn_id`, `task_started.turn_id`, …). */
export function turnIdOf(type: string, payload: Record<string, unknown>): string | undefined {
  if (type === 'turn_context') return str(payload.turn_id);
  if (type === 'event_msg' && TURN_RECORDS.has(str(payload.type) ?? '')) return str(payload.turn_id);
  return undefined;
}

export interface ParentTurns {
  readonly path: string;
  readonly turnIds: ReadonlySet<string>;
}

/** The parent's rollout and the turn ids it holds; undefined when no file of that thread is found. */
export function parentTurns(forkPath: string, parentId: string): ParentTurns | undefined {
  const file = findRollout(forkPath, parentId);
  const turnIds = file ? parents.get(file, () => readTurnIds(file)) : undefined;
  return file && turnIds ? { path: file, turnIds } : undefined;
}

/** The parents read lately: a fork's parent is read once, not once per fork or per sync. */
const parents = new FileStampCache<ReadonlySet<string>>(64);

function readTurnIds(file: string): Set<string> | undefined {
  let text: string;
  try {
    text = readSourceText(file);
  } catch {
    return undefined;
  }
  const ids = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.includes('"turn_id"')) continue;
    let record: unknown;
    try {
      record = parseJson(line);
    } catch {
      continue;
    }
    if (!isObject(record)) continue;
    const payload = obj(record.payload);
    const id = payload ? turnIdOf(str(record.type) ?? '', payload) : undefined;
    if (id) ids.add(id);
  }
  return ids;
}

function findRollout(forkPath: string, threadId: string): string | undefined {
  const suffix = `-${threadId}.jsonl`;
  const beside = path.dirname(path.resolve(forkPath));
  // A cold archived parent may be compressed (`.jsonl.zst`); the plain file comes first.
  const inDir = (dir: string) => {
    const found = names(dir).filter((n) => n.startsWith('rollout-') && (n.endsWith(suffix) || n.endsWith(`${suffix}.zst`)));
    return found.find((n) => n.endsWith(suffix)) ?? found[0];
  };
  const near = inDir(beside);
  if (near) return path.join(beside, near);
  const home = codexHomeOf(forkPath);
  if (!home) return undefined;
  for (const dir of SESSION_DIRS) {
    const found = search(path.join(home, dir), inDir, 4);
    if (found) return found;
  }
  return undefined;
}

/** Depth-first through `sessions/YYYY/MM/DD`, newest folders first (a parent is rarely old). */
function search(dir: string, inDir: (dir: string) => string | undefined, depth: number): string | undefined {
  const hit = inDir(dir);
  if (hit) return path.join(dir, hit);
  if (depth === 0) return undefined;
  for (const name of names(dir).sort().reverse()) {
    if (name.startsWith('rollout-')) continue;
    const found = search(path.join(dir, name), inDir, depth - 1);
    if (found) return found;
  }
  return undefined;
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
