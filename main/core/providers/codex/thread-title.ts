/**
 * The name Codex shows for a thread, from the Codex home the rollout lives in (the folder that
 * holds `sessions/` or `archived_sessions/`), or from `$CODEX_SQLITE_HOME` for this user's own
 * Codex home (codex-home.ts):
 * - `state_<n>.sqlite`, table `threads` (codex-rs/state/migrations): `name` (a name the person
 *   or Codex gave the thread, 0040+) else `title`. Opened read-only, closed at once: Codex may be
 *   writing to it. `thread_history_<n>.sqlite` holds turns and items, no names.
 * - else `session_index.jsonl` (before the state database; append-only
 *   `{id, thread_name, updated_at}`, the newest line for an id wins).
 * Nothing is ever written there. Both are read again only when they change.
 */
import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileStampCache } from '../kit/file-stamp-cache';
import { isObject, shortError, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';
import { codexHomeOf, sqliteHomeOf } from './codex-home';

export interface ThreadTitle {
  readonly title?: string;
  /** Why a store that is there could not be read (the title then comes from the rollout). */
  readonly warning?: string;
}

// Read by better-sqlite3 when it opens its first connection: filenames may then be URIs
// (`file:…?immutable=1`). A plain path never starts with `file:`, so nothing else changes.
process.env.SQLITE_USE_URI ??= '1';

const STATE_DB = /^state_(\d+)\.sqlite$/;

/** The thread's name as Codex keeps it outside the rollout, if it keeps one. */
export function codexThreadTitle(rolloutPath: string, threadId: string): ThreadTitle {
  const home = codexHomeOf(rolloutPath);
  if (!home) return {};
  const moved = sqliteHomeOf(home);
  const state = (moved ? stateDbOf(moved) : undefined) ?? stateDbOf(home);
  if (state) {
    const fromState = cached(state, () => readStateTitles(state))(threadId);
    if (fromState.title || fromState.warning) return fromState;
  }
  const index = path.join(home, 'session_index.jsonl');
  return cached(index, () => readSessionIndex(index))(threadId);
}

/** The newest state database (`state_5.sqlite` in 2026; the number is its schema generation). */
function stateDbOf(home: string): string | undefined {
  let best: { file: string; n: number } | undefined;
  let names: string[];
  try {
    names = readdirSync(home);
  } catch {
    return undefined;
  }
  for (const name of names) {
    const m = STATE_DB.exec(name);
    if (m && (!best || Number(m[1]) > best.n)) best = { file: path.join(home, name), n: Number(m[1]) };
  }
  return best?.file;
}

type Lookup = (threadId: string) => ThreadTitle;

/** The stores read lately (one or two per Codex home). */
const lookups = new FileStampCache<Lookup>(32);

/** The lookup built from `file`, built again only when the file (or its WAL) changed. */
function cached(file: string, build: () => Lookup): Lookup {
  return lookups.get(file, build) ?? (() => ({}));
}

function readStateTitles(file: string): Lookup {
  let db: Database.Database | undefined;
  try {
    db = new Database(readOnlyName(file), { readonly: true, fileMustExist: true });
    const columns = new Set((db.prepare('PRAGMA table_info(threads)').all() as { name: string }[]).map((c) => c.name));
    if (!columns.has('id')) return () => ({});
    const wanted = ['name', 'title'].filter((c) => columns.has(c));
    if (!wanted.length) return () => ({});
    const rows = db.prepare(`SELECT id, ${wanted.join(', ')} FROM threads`).all() as Record<string, unknown>[];
    const titles = new Map<string, string>();
    for (const row of rows) {
      const title = nonEmpty(row.name) ?? nonEmpty(row.title);
      if (title) titles.set(String(row.id), title);
    }
    return (id) => ({ title: titles.get(id) });
  } catch (error) {
    const warning = `Codex thread names in ${path.basename(file)} could not be read (${shortError(error)}); the title comes from the rollout`;
    return () => ({ warning });
  } finally {
    db?.close();
  }
}

/**
 * A WAL database opened read-only still makes its `-wal` and `-shm` files beside it. With no
 * `-wal` there (Codex is not running) the main file is the whole database: opened `immutable`,
 * nothing is created in Codex's folder. While Codex runs, its own `-wal` / `-shm` are used.
 */
function readOnlyName(file: string): string {
  return existsSync(`${file}-wal`) ? file : `${pathToFileURL(file).href}?immutable=1`;
}

function readSessionIndex(file: string): Lookup {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return () => ({});
  }
  const titles = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let entry: unknown;
    try {
      entry = parseJson(line);
    } catch {
      continue; // a line cut short while Codex wrote it: the older names still stand
    }
    if (!isObject(entry)) continue;
    const id = str(entry.id);
    const name = nonEmpty(entry.thread_name);
    if (id && name) titles.set(id, name);
  }
  return (id) => ({ title: titles.get(id) });
}

function nonEmpty(value: unknown): string | undefined {
  const s = typeof value === 'string' ? value.trim() : '';
  return s || undefined;
}
