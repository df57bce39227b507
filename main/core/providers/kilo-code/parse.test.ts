/**
 * No real Kilo Code database is in the fixtures. `kilo.db` is built here with the tables of
 * Kilo-Org/kilocode `packages/opencode/src/session/session.sql.ts` (commit 18369fa0: `session`
 * with Kilo's extra `current_state` / `recent_progress` and no token columns, `message` and
 * `part` whose `data` is OpenCode's MessageV2 info / part JSON without the ids), at the place
 * `src/storage/db.ts` and `src/global/index.ts` put it (`<xdg data>/kilo/kilo.db`).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { readHead } from '../../capture/read-lines';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectToolResultsJoined, parts, providerUnderTest } from '../../../../test/provider-kit';
import { kiloCodeProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp, parseAll } = providerUnderTest(kiloCodeProvider);

const MAIN = 'ses_0a1b2c3d4ffeKiloMainSession1';
const CHILD = 'ses_0a1b2c3e5ffeKiloChildSessio2';
const CWD = '/home/me/work/shop';

function writeKiloDb(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.exec(`
    CREATE TABLE project (id TEXT PRIMARY KEY, worktree TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL);
    CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, workspace_id TEXT, parent_id TEXT, slug TEXT NOT NULL,
      directory TEXT NOT NULL, title TEXT NOT NULL, version TEXT NOT NULL, share_url TEXT, summary_additions INTEGER,
      summary_deletions INTEGER, summary_files INTEGER, summary_diffs TEXT, revert TEXT, permission TEXT, current_state TEXT,
      recent_progress TEXT, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, time_compacting INTEGER, time_archived INTEGER);
    CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
  `);
  db.prepare('INSERT INTO project VALUES (?, ?, ?, ?)').run('prj1', CWD, 1784541600000, 1784541600000);
  const session = db.prepare('INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  session.run(MAIN, 'prj1', null, 'brave-otter', CWD, 'Fix the cart total', '7.1.4', 1784541600000, 1784541660000);
  session.run(CHILD, 'prj1', MAIN, 'calm-heron', CWD, 'Find the rounding (@explore subagent)', '7.1.4', 1784541610000, 1784541620000);
  const message = db.prepare('INSERT INTO message VALUES (?, ?, ?, ?, ?)');
  const part = db.prepare('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)');
  const t = 1784541600000;
  message.run('msg_01', MAIN, t, t, JSON.stringify({ role: 'user', time: { created: t }, agent: 'code', model: { providerID: 'kilo', modelID: 'kilo-auto' } }));
  part.run('prt_01', 'msg_01', MAIN, t, t, JSON.stringify({ type: 'text', text: 'the cart total is off by a cent' }));
  const assistant = { role: 'assistant', parentID: 'msg_01', modelID: 'kilo-auto', providerID: 'kilo', mode: 'code', agent: 'code', path: { cwd: CWD, root: CWD }, cost: 0.01, tokens: { input: 120, output: 40, reasoning: 5, cache: { read: 10, write: 0 } }, time: { created: t + 1000, completed: t + 5000 } };
  message.run('msg_02', MAIN, t + 1000, t + 5000, JSON.stringify(assistant));
  part.run('prt_02', 'msg_02', MAIN, t + 1000, t + 1000, JSON.stringify({ type: 'reasoning', text: 'Rounding happens per line.', time: { start: t + 1000 } }));
  part.run('prt_03', 'msg_02', MAIN, t + 1000, t + 1000, JSON.stringify({ type: 'tool', callID: 'call_1', tool: 'task', state: { status: 'completed', input: { description: 'Find the rounding', prompt: 'find where totals are rounded', subagent_type: 'explore' }, output: 'cart.ts:42 rounds each line', title: 'Find the rounding', metadata: { sessionId: CHILD }, time: { start: t + 1000, end: t + 4000 } } }));
  part.run('prt_04', 'msg_02', MAIN, t + 4000, t + 4000, JSON.stringify({ type: 'text', text: 'Round once, at the end: fixed in cart.ts.' }));
  message.run('msg_03', CHILD, t + 10000, t + 10000, JSON.stringify({ role: 'user', time: { created: t + 10000 }, agent: 'explore', model: { providerID: 'kilo', modelID: 'kilo-auto' } }));
  part.run('prt_05', 'msg_03', CHILD, t + 10000, t + 10000, JSON.stringify({ type: 'text', text: 'find where totals are rounded' }));
  message.run('msg_04', CHILD, t + 11000, t + 12000, JSON.stringify({ ...assistant, parentID: 'msg_03', agent: 'explore', time: { created: t + 11000, completed: t + 12000 } }));
  part.run('prt_06', 'msg_04', CHILD, t + 11000, t + 11000, JSON.stringify({ type: 'text', text: 'cart.ts:42 rounds each line' }));
  db.close();
  return file;
}

describe('kilo-code provider: kilo.db built from Kilo’s schema', () => {
  const file = writeKiloDb(path.join(tmp, 'data', 'kilo', 'kilo.db'));

  it('reads every session as a Kilo Code conversation, the subagent under its parent', async () => {
    const [main, child, ...rest] = await parseAll(file);
    expectOutlineGolden('kilo-code', [main, child]); // test/golden/outline/kilo-code.txt, reviewed
    expect(rest).toEqual([]);
    expect(main).toMatchObject({ id: `kilo-code_${MAIN}`, agent: 'kilo-code', nativeId: MAIN, cwd: CWD, workspace: 'shop', title: 'Fix the cart total', agentVersion: '7.1.4', models: ['kilo-auto'] });
    expect(main.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([[{ type: 'text', content: 'the cart total is off by a cent' }]]);
    expect(parts(main, 'assistant').map((p) => p.type)).toEqual(['reasoning', 'tool_call', 'text']);
    expect(parts(main, 'tool')).toEqual([{ type: 'tool_call_response', id: 'call_1', response: 'cart.ts:42 rounds each line' }]);
    expectToolResultsJoined(main);
    expect(main.usage).toMatchObject({ inputTokens: 120, outputTokens: 40, cacheReadTokens: 10 });
    expect(child).toMatchObject({ parentId: main.id, parentToolCallId: 'call_1' });
    expect(child.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(main.warnings).toEqual([]);
    expect(kiloCodeProvider.resumeCommand(main)).toEqual({ command: `kilo --session ${MAIN}`, cwd: CWD });
  });

  it('names unknown part types as Kilo Code’s', async () => {
    const copy = writeKiloDb(path.join(tmp, 'data2', 'kilo', 'kilo.db'));
    const db = new Database(copy);
    db.prepare('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)').run('prt_99', 'msg_02', MAIN, 1, 1, JSON.stringify({ type: 'hologram', x: 1 }));
    db.close();
    const [main] = await parseAll(copy);
    expect(main.warnings).toEqual([{ message: 'Unknown Kilo Code part/message types kept as generic parts: part:hologram' }]);
  });

  it('detects kilo.db and OpenCode-format files in Kilo’s data dir, not OpenCode’s own', async () => {
    expect(kiloCodeProvider.detect({ path: file, head: await readHead(file) })).toBe(true);
    expect(kiloCodeProvider.detect({ path: '/h/.local/share/opencode/opencode.db', head: await readHead(file) })).toBe(false);
    expect(kiloCodeProvider.detect({ path: '/h/.local/share/kilo/opencode-dev.db', head: await readHead(file) })).toBe(true);
    expect(kiloCodeProvider.detect({ path: '/h/.local/share/kilo/kilo.db', head: 'not sqlite' })).toBe(false);
  });
});

describe('kilo-code provider: locate and sync', () => {
  it('finds kilo.db, channel databases and file-store sessions; never auth.json', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.local', 'share', 'kilo');
    writeKiloDb(path.join(root, 'kilo.db'));
    writeFileSync(path.join(root, 'kilo-dev.db'), '');
    writeFileSync(path.join(root, 'opencode-next.db'), '');
    writeFileSync(path.join(root, 'kilo.db-wal'), '');
    writeFileSync(path.join(root, 'auth.json'), '{}');
    mkdirSync(path.join(root, 'storage', 'session', 'prj1'), { recursive: true });
    writeFileSync(path.join(root, 'storage', 'session', 'prj1', `${MAIN}.json`), '{}');
    expect((await kiloCodeProvider.locate(home)).map((f) => path.relative(root, f))).toEqual(['kilo-dev.db', 'kilo.db', 'opencode-next.db', path.join('storage', 'session', 'prj1', `${MAIN}.json`)]);
    expect(await kiloCodeProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('dejavu sync on a home archives kilo.db as Kilo Code, not OpenCode', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-kilo-sync-'));
    const home = path.join(work, 'home');
    writeKiloDb(path.join(home, '.local', 'share', 'kilo', 'kilo.db'));
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^1 file\(s\) found, 1 read \(.+\), 0 unchanged: 2 new, 0 updated conversation\(s\)$/m);
    const listed = dejavuJson<{ id: string; agent: string; parentId?: string }[]>(['list', '--agent', 'kilo-code'], env);
    expect(listed.map((c) => c.id).sort()).toEqual([`kilo-code_${CHILD}`, `kilo-code_${MAIN}`].sort());
    expect(listed.find((c) => c.id === `kilo-code_${CHILD}`)?.parentId).toBe(`kilo-code_${MAIN}`);
    const shown = dejavuJson<Conversation>(['show', `kilo-code_${MAIN}`], env);
    expect(shown.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  }, 60_000);
});
