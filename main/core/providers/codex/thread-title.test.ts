/**
 * The thread's title as Codex keeps it: `state_<n>.sqlite` (table `threads`, columns from
 * codex-rs/state/migrations 0001 and 0040), else the older `session_index.jsonl`
 * (codex-rs/rollout/src/session_index.rs), else the rollout's `thread_name_updated`, else the
 * first prompt. No real Codex home has these beside a fixture: they are built here.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUnderTest } from '../../../../test/provider-kit';
import { envelope, sessionMeta, turn, writeRollout, type Json } from '../../../../test/codex-rollout';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);
const THREAD = '019f4c30-0000-7000-8000-0000000c0003';
const PROMPT = 'Why does checkout round 0.005 down?';

/** A Codex home holding one rollout of THREAD; `events` go after its turn. */
function home(name: string, events: Json[] = []): { home: string; codex: string; rollout: string } {
  const dir = path.join(tmp, name);
  const records: [string, Json][] = [['session_meta', sessionMeta(THREAD, '2026-09-01T08:00:00.000Z')], ...turn('turn-1', PROMPT, 'Banker’s rounding in money.ts.'), ...events.map((e): [string, Json] => ['event_msg', e])];
  const rollout = writeRollout(dir, THREAD, '2026-09-01T08:00:00', envelope(records, '2026-09-01T08:00:00.000Z'));
  return { home: dir, codex: path.join(dir, '.codex'), rollout };
}

/** `state_5.sqlite` as Codex's migrations leave it (WAL mode, as Codex opens it), with these rows. */
function stateDb(codex: string, rows: { id: string; title: string; name: string | null }[]): string {
  const file = path.join(codex, 'state_5.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE threads (id TEXT PRIMARY KEY, rollout_path TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    source TEXT NOT NULL, model_provider TEXT NOT NULL, cwd TEXT NOT NULL, title TEXT NOT NULL, sandbox_policy TEXT NOT NULL,
    approval_mode TEXT NOT NULL, tokens_used INTEGER NOT NULL DEFAULT 0, archived INTEGER NOT NULL DEFAULT 0, archived_at INTEGER,
    git_sha TEXT, git_branch TEXT, git_origin_url TEXT, first_user_message TEXT NOT NULL DEFAULT '', name TEXT,
    name_state TEXT NOT NULL DEFAULT 'legacy_unknown', title_snapshot TEXT NOT NULL DEFAULT '', title_state TEXT NOT NULL DEFAULT 'legacy_unknown')`);
  const insert = db.prepare(`INSERT INTO threads (id, rollout_path, created_at, updated_at, source, model_provider, cwd, title, sandbox_policy, approval_mode, first_user_message, name, name_state)
    VALUES (?, '', 1788249600, 1788249600, 'cli', 'openai', '/home/me/work/shop', ?, 'workspace-write', 'on-request', ?, ?, ?)`);
  for (const r of rows) insert.run(r.id, r.title, PROMPT, r.name, r.name ? 'explicit' : 'unnamed');
  db.close();
  return file;
}

const RENAMED: Json = { type: 'thread_name_updated', thread_id: THREAD, thread_name: 'Rounding (named in the app)' };

describe('codex provider: thread title', () => {
  it('takes the name from state_5.sqlite, read-only, leaving nothing behind in ~/.codex', async () => {
    const h = home('state-name', [RENAMED]);
    const db = stateDb(h.codex, [{ id: THREAD, title: PROMPT, name: 'Checkout rounding bug' }]);
    writeFileSync(path.join(h.codex, 'session_index.jsonl'), `${JSON.stringify({ id: THREAD, thread_name: 'Older index name', updated_at: '2026-09-01T08:01:00Z' })}\n`);
    const before = { bytes: readFileSync(db), mtime: statSync(db).mtimeMs, names: readdirSync(h.codex).sort() };
    const c = await parseMain(h.rollout, 1);
    expect(c.title).toBe('Checkout rounding bug');
    expect(c.warnings).toEqual([]);
    expect(readFileSync(db).equals(before.bytes)).toBe(true);
    expect(statSync(db).mtimeMs).toBe(before.mtime);
    expect(readdirSync(h.codex).sort()).toEqual(before.names);
  });

  it('takes the title column when the thread has no name', async () => {
    const h = home('state-title');
    stateDb(h.codex, [{ id: THREAD, title: 'Rounding in checkout', name: null }]);
    expect((await parseMain(h.rollout, 1)).title).toBe('Rounding in checkout');
  });

  it('falls back to the newest session_index.jsonl name, then thread_name_updated, then the first prompt', async () => {
    const indexed = home('index', [RENAMED]);
    const lines = [
      { id: THREAD, thread_name: 'First name', updated_at: '2026-09-01T08:01:00Z' },
      { id: '019f4c30-0000-7000-8000-0000000c9999', thread_name: 'Another thread', updated_at: '2026-09-01T08:02:00Z' },
      { id: THREAD, thread_name: 'Renamed later', updated_at: '2026-09-01T08:03:00Z' },
    ];
    writeFileSync(path.join(indexed.codex, 'session_index.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"id":"019f4c30-0000-7000`);
    expect((await parseMain(indexed.rollout, 1)).title).toBe('Renamed later');
    expect((await parseMain(home('event', [RENAMED]).rollout, 1)).title).toBe('Rounding (named in the app)');
    expect((await parseMain(home('prompt').rollout, 1)).title).toBe(PROMPT);
  });

  it('says so when the state database cannot be read, and keeps the title from the rollout', async () => {
    const h = home('broken', [RENAMED]);
    writeFileSync(path.join(h.codex, 'state_5.sqlite'), 'not a database at all, just bytes');
    const c = await parseMain(h.rollout, 1);
    expect(c.title).toBe('Rounding (named in the app)');
    expect(c.warnings).toEqual([{ message: expect.stringMatching(/^Codex thread names in state_5\.sqlite could not be read \(.+\); the title comes from the rollout$/) }]);
    expect(c.messages.filter((m) => m.role === 'user').length).toBe(1);
  });

  it('looks in $CODEX_SQLITE_HOME for this user\'s own Codex home, and only for it', async () => {
    const own = home('own');
    const other = home('other');
    const moved = path.join(tmp, 'sqlite-home');
    mkdirSync(moved, { recursive: true });
    stateDb(moved, [{ id: THREAD, title: PROMPT, name: 'Named in the moved database' }]);
    const saved = { HOME: process.env.HOME, CODEX_HOME: process.env.CODEX_HOME, CODEX_SQLITE_HOME: process.env.CODEX_SQLITE_HOME };
    try {
      Object.assign(process.env, { HOME: own.home, CODEX_SQLITE_HOME: moved });
      delete process.env.CODEX_HOME;
      expect((await parseMain(own.rollout, 1)).title).toBe('Named in the moved database');
      // Another home (a jackin container's, a copy) is not governed by this user's variables.
      expect((await parseMain(other.rollout, 1)).title).toBe(PROMPT);
      // With $CODEX_HOME set, that is the user's own Codex home.
      process.env.CODEX_HOME = other.codex;
      expect((await parseMain(other.rollout, 1)).title).toBe('Named in the moved database');
      expect((await parseMain(own.rollout, 1)).title).toBe(PROMPT);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});
