/**
 * No real Crush database is in the fixtures. `crush.db` is built here with the tables of
 * charmbracelet/crush `internal/db/migrations/` (initial + summary_message_id, provider,
 * is_summary_message, todos; commit 37f36e93) and `parts` serialized as
 * `internal/message/message.go` marshalParts does (`[{type, data}]`), laid out where
 * `internal/config/load.go` and `internal/projects/projects.go` put them.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { readHead } from '../../capture/read-lines';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest } from '../../../../test/provider-kit';
import { crushProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp, parseAll } = providerUnderTest(crushProvider);

const MAIN = '5b1c3f2a-7d4e-4c1b-9a8f-0e2d6c4b3a21';
const CHILD = `${MAIN}-a1$$call_agent_1`;
const T = 1784030000;

const part = (type: string, data: object) => ({ type, data });

function crushDb(file: string, main = MAIN, child = CHILD): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.exec(`
    CREATE TABLE sessions (id TEXT PRIMARY KEY, parent_session_id TEXT, title TEXT NOT NULL, message_count INTEGER NOT NULL DEFAULT 0,
      prompt_tokens INTEGER NOT NULL DEFAULT 0, completion_tokens INTEGER NOT NULL DEFAULT 0, cost REAL NOT NULL DEFAULT 0.0,
      updated_at INTEGER NOT NULL, created_at INTEGER NOT NULL, summary_message_id TEXT, todos TEXT);
    CREATE TABLE files (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, path TEXT NOT NULL, content TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
    CREATE TABLE messages (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, role TEXT NOT NULL, parts BLOB NOT NULL default '[]', model TEXT,
      created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, finished_at INTEGER, provider TEXT, is_summary_message INTEGER DEFAULT 0 NOT NULL);
  `);
  const session = db.prepare('INSERT INTO sessions (id, parent_session_id, title, prompt_tokens, completion_tokens, cost, updated_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  session.run(main, null, 'Flaky login test', 4100, 380, 0.02, T + 60, T);
  session.run(child, main, 'Find the login test', 900, 60, 0.01, T + 20, T + 10);
  const message = db.prepare('INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider, is_summary_message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const add = (id: string, sessionId: string, role: string, items: object[], at: number, model: string | null = null, summary = 0) =>
    message.run(id, sessionId, role, JSON.stringify(items), model, at, at, at, model ? 'anthropic' : null, summary);
  add(`${main}-u1`, main, 'user', [part('text', { text: 'the login test fails one run in five' }), part('binary', { Path: 'shot.png', MIMEType: 'image/png', Data: 'iVBORw0KGgo=' })], T + 1);
  add(`${main}-a1`, main, 'assistant', [part('reasoning', { thinking: 'Probably a race on the session cookie.', signature: 'sig' }), part('text', { text: 'Let me find the test.' }), part('tool_call', { id: 'call_agent_1', name: 'agent', input: '{"prompt":"find the login test"}', provider_executed: false, finished: true }), part('tool_call', { id: 'call_view_1', name: 'view', input: '{"file_path":"missing.ts"}', finished: true }), part('finish', { reason: 'tool_use', time: T + 5 })], T + 2, 'claude-sonnet-4-5');
  add(`${main}-t1`, main, 'tool', [part('tool_result', { tool_call_id: 'call_agent_1', name: 'agent', content: 'tests/login.spec.ts', is_error: false }), part('tool_result', { tool_call_id: 'call_view_1', name: 'view', content: 'file not found', is_error: true })], T + 30);
  add(`${main}-a2`, main, 'assistant', [part('text', { text: 'Await the cookie before asserting.' }), part('finish', { reason: 'canceled', time: T + 40 })], T + 40, 'claude-sonnet-4-5');
  add(`${main}-s1`, main, 'assistant', [part('text', { text: 'Summary: fixed the race.' })], T + 50, 'claude-sonnet-4-5', 1);
  add(`${main}-cu`, child, 'user', [part('text', { text: 'find the login test' })], T + 11);
  add(`${main}-ca`, child, 'assistant', [part('text', { text: 'tests/login.spec.ts' }), part('finish', { reason: 'end_turn', time: T + 19 })], T + 19, 'claude-haiku-4-5');
  db.close();
  return file;
}

describe('crush provider: crush.db built from the migrations', () => {
  const project = path.join(tmp, 'work', 'webapp');
  const file = crushDb(path.join(project, '.crush', 'crush.db'));

  it('reads prompts, answers, thinking, tool calls and results; the agent-tool session under its parent', async () => {
    const [main, child, ...rest] = await parseAll(file);
    expectOutlineGolden('crush', [main, child]); // test/golden/outline/crush.txt, reviewed
    expect(rest).toEqual([]);
    expect(main.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([
      [{ type: 'text', content: 'the login test fails one run in five' }, { type: 'generic', kind: 'file', content: 'shot.png' }, { type: 'blob', modality: 'image', mimeType: 'image/png', content: 'iVBORw0KGgo=' }],
    ]);
    expect(parts(main, 'assistant').map((p) => p.type)).toEqual(['reasoning', 'text', 'tool_call', 'tool_call', 'text']);
    expect(parts(main, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'call_agent_1', response: 'tests/login.spec.ts' },
      { type: 'tool_call_response', id: 'call_view_1', response: 'file not found', isError: true },
    ]);
    expectToolResultsJoined(main);
    expect(main.messages.filter((m) => m.role === 'system').map((m) => [m.kind, m.parts])).toEqual([
      ['interrupt', [{ type: 'text', content: 'Canceled' }]],
      ['compaction-summary', [{ type: 'text', content: 'Summary: fixed the race.' }]],
    ]);
    expect(main).toMatchObject({ id: `crush_${MAIN}`, nativeId: MAIN, cwd: project, workspace: 'webapp', title: 'Flaky login test', models: ['claude-sonnet-4-5'] });
    expect(main).toMatchObject({ startedAt: new Date(T * 1000).toISOString(), endedAt: new Date((T + 60) * 1000).toISOString(), usage: { inputTokens: 4100, outputTokens: 380 } });
    expect(main.warnings).toEqual([]);
    expectMessagesKept(main, file);
    expect(child).toMatchObject({ nativeId: CHILD, parentId: main.id, relation: 'subagent', parentToolCallId: 'call_agent_1' });
    expect(child.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(crushProvider.resumeCommand(main)).toEqual({ command: `crush --session ${MAIN}`, cwd: project });
    expect(crushProvider.resumeCommand(child)).toBeUndefined();
  });

  it('shows a refusal, a prompt Crush queued again after a summary as its own words, and a long paste as text', async () => {
    const more = crushDb(path.join(tmp, 'refusal', 'webapp', '.crush', 'crush.db'));
    const db = new Database(more);
    const add = db.prepare('INSERT INTO messages (id, session_id, role, parts, model, created_at, updated_at, finished_at, provider, is_summary_message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)');
    // charmbracelet/crush: FinishReasonContentFilter (content.go), and agent.go Run's requeued prompt after Summarize.
    add.run(`${MAIN}-r1`, MAIN, 'assistant', JSON.stringify([part('finish', { reason: 'content_filter', time: T + 51 })]), 'claude-sonnet-4-5', T + 51, T + 51, T + 51, 'anthropic');
    add.run(`${MAIN}-q1`, MAIN, 'user', JSON.stringify([part('text', { text: 'The previous session was interrupted because it got too long, the initial user request was: `the login test fails one run in five`' })]), null, T + 52, T + 52, T + 52, null);
    // A long paste, attached as paste_1.txt (the UI's paste handler), with no text typed beside it.
    const log = 'FAIL tests/login.spec.ts\n  expected true, got false\n';
    add.run(`${MAIN}-p1`, MAIN, 'user', JSON.stringify([part('binary', { Path: 'paste_1.txt', MIMEType: 'text/plain; charset=utf-8', Data: Buffer.from(log).toString('base64') })]), null, T + 53, T + 53, T + 53, null);
    db.close();
    const [main] = await parseAll(more);
    const users = main.messages.filter((m) => m.role === 'user').map((m) => m.parts);
    expect(users).toHaveLength(2);
    expect(users[1]).toEqual([{ type: 'generic', kind: 'file', content: 'paste_1.txt' }, { type: 'text', content: log }]);
    expect(main.messages.filter((m) => m.role === 'system').map((m) => m.kind)).toEqual(['interrupt', 'compaction-summary', 'refusal', 'continuation']);
    expect(main.messages.find((m) => m.kind === 'refusal')?.parts).toEqual([{ type: 'text', content: 'The model refused to answer (content filter)' }]);
  });

  it('skips a message whose parts are not JSON with a warning, and names unknown part types', async () => {
    const copy = crushDb(path.join(tmp, 'copy', '.crush', 'crush.db'));
    const db = new Database(copy);
    db.prepare('UPDATE messages SET parts = ? WHERE id = ?').run('[{"type":', `${MAIN}-a2`);
    db.prepare("INSERT INTO messages (id, session_id, role, parts, created_at, updated_at) VALUES ('msg-x', ?, 'assistant', ?, ?, ?)").run(MAIN, '[{"type":"hologram","data":{}}]', T + 55, T + 55);
    db.close();
    const [main] = await parseAll(copy);
    expect(main.warnings).toEqual([{ message: `Message ${MAIN}-a2: parts is not a JSON array; skipped` }, { message: 'Unknown Crush part types or roles kept as generic parts: hologram' }]);
  });

  it('detects crush.db by name and header', async () => {
    expect(crushProvider.detect({ path: file, head: await readHead(file) })).toBe(true);
    expect(crushProvider.detect({ path: path.join(tmp, 'other.db'), head: await readHead(file) })).toBe(false);
  });
});

describe('crush provider: locate and sync', () => {
  /** A home whose Crush ran in two projects (one outside the home), listed in projects.json, and once in the home itself. */
  function crushHome(work: string) {
    const home = path.join(work, 'home');
    const inHome = path.join(home, 'code', 'api');
    const outside = path.join(work, 'srv', 'site');
    const ids = ['11111111-0000-4000-8000-000000000001', '22222222-0000-4000-8000-000000000002', '33333333-0000-4000-8000-000000000003'];
    const dbs = [inHome, outside, home].map((dir, i) => crushDb(path.join(dir, '.crush', 'crush.db'), ids[i], `${ids[i]}-a1$$call_agent_1`));
    const global = path.join(home, '.local', 'share', 'crush');
    mkdirSync(global, { recursive: true });
    const projects = [inHome, outside, path.join(work, 'gone')].map((p) => ({ path: p, data_dir: path.join(p, '.crush'), last_accessed: '2026-07-14T09:00:00Z' }));
    writeFileSync(path.join(global, 'projects.json'), JSON.stringify({ projects }, null, 2));
    writeFileSync(path.join(global, 'crush.json'), '{}');
    return { home, dbs, ids };
  }

  it('finds the databases of the projects Crush lists and of the home, nothing else', async () => {
    const { home, dbs } = crushHome(path.join(tmp, 'l'));
    expect(await crushProvider.locate(home)).toEqual([...dbs].sort());
    expect(await crushProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('dejavu sync on a home archives every project’s sessions; --source <project> reads one project', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-crush-sync-'));
    const { home, dbs, ids } = crushHome(work);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^3 file\(s\) found, 3 read \(.+\), 0 unchanged: 6 new, 0 updated conversation\(s\)$/m);
    const listed = dejavuJson<{ id: string; parentId?: string }[]>(['list', '--agent', 'crush'], env);
    expect(listed.filter((c) => !c.parentId).map((c) => c.id).sort()).toEqual(ids.map((id) => `crush_${id}`));

    const one = { ...env, DEJAVU_HOME: path.join(work, 'one') };
    const project = path.dirname(path.dirname(dbs[1]));
    const s = dejavu(['sync', '--no-evict', '--source', project], one);
    expect(s.stderr).toBe('');
    expect(s.stdout).toMatch(/^1 file\(s\) found, 1 read \(.+\), 0 unchanged: 2 new, 0 updated conversation\(s\)$/m);
    const shown = dejavuJson<Conversation>(['show', `crush_${ids[1]}`], one);
    expect(shown.cwd).toBe(project);
  }, 60_000);
});
