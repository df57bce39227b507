/**
 * Replays a VS Code chat session log (`chatSessions/<id>.jsonl`, VS Code 1.109+): the
 * `ObjectMutationLog` of src/vs/workbench/contrib/chat/common/model/objectMutationLog.ts. Each
 * line is one entry: `{kind:0, v}` the whole session (the first line, and again whenever VS Code
 * compacts the log), `{kind:1, k:[path], v}` set a property, `{kind:2, k:[path], v?:[items],
 * i?}` cut an array to `i` items then push `v`, `{kind:3, k:[path]}` delete a property. The
 * state after the last line is the session, in the same `ISerializableChatData` shape as a
 * flat `.json` file.
 */
import { isObject, type Json } from '../kit/json';
import { readRecord } from '../kit/json-lines';
import type { SourceLine } from '../kit/provider';

export interface ReplayedLog {
  /** The session after every entry; undefined when the log has no initial entry. */
  readonly session?: Json;
}

type Warn = (lineNo: number, message: string) => void;

export async function replaySessionLog(lines: AsyncIterable<SourceLine>, warn: Warn): Promise<ReplayedLog> {
  let state: Json | undefined;
  for await (const line of lines) {
    if (!line.text.trim()) continue;
    const entry = readRecord(line, warn);
    if (!entry) continue;
    if (entry.kind === 0) {
      if (isObject(entry.v)) state = entry.v;
      else warn(line.lineNo, 'Initial entry holds no session object; skipped');
      continue;
    }
    if (!state) {
      warn(line.lineNo, 'Log entry before any initial entry (the session it changes is not in the file); skipped');
      continue;
    }
    const problem = apply(state, entry);
    if (problem) warn(line.lineNo, `${problem}; entry skipped`);
  }
  return { session: state };
}

/** Applies one set/push/delete entry; returns what was wrong with it, if anything. */
function apply(state: Json, entry: Json): string | undefined {
  const pathKeys = entry.k;
  if (!Array.isArray(pathKeys) || pathKeys.length === 0 || !pathKeys.every((p) => typeof p === 'string' || typeof p === 'number')) {
    return `Log entry of kind ${JSON.stringify(entry.kind)} has no property path`;
  }
  const keys = pathKeys as (string | number)[];
  const parent = walk(state, keys.slice(0, -1));
  if (!parent) return `Log entry path ${JSON.stringify(keys)} leads nowhere in the session`;
  const last = keys[keys.length - 1];
  switch (entry.kind) {
    case 1:
      parent[last] = entry.v;
      return undefined;
    case 3:
      if (Array.isArray(parent) && typeof last === 'number') parent[last] = undefined;
      else delete (parent as Json)[String(last)];
      return undefined;
    case 2: {
      const current = parent[last];
      const list: unknown[] = Array.isArray(current) ? current : [];
      if (typeof entry.i === 'number') list.length = Math.min(list.length, Math.max(0, entry.i));
      if (Array.isArray(entry.v)) list.push(...entry.v);
      parent[last] = list;
      return undefined;
    }
    default:
      return `Unknown log entry kind ${JSON.stringify(entry.kind)}`;
  }
}

type Container = Record<string | number, unknown>;

function walk(root: Json, keys: readonly (string | number)[]): Container | undefined {
  let current: unknown = root;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Container)[key];
  }
  return typeof current === 'object' && current !== null ? (current as Container) : undefined;
}
