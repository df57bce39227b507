/**
 * OpenCode 2's tables (`session_v2`, `session_message`; kit/opencode-family/sqlite-v2.ts): a fresh
 * 2.x store has no v1 tables, so nothing of it was archived. No real 2.x store was found: these are
 * the real exports #42 (and its subagent #44) written as 2.x rows, one per message, in the shapes
 * sqlite-v2.ts names.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { counts, countedFacts, providerUnderTest, textOf } from '../../../../test/provider-kit';
import { opencodeProvider } from './index';
import { sync } from '../../capture/sync';
import { ArchiveReader } from '../../access/archive-reader';

const { tmp, row, parseAll } = providerUnderTest(opencodeProvider);

type Obj = Record<string, unknown>;
const exportOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { info: Obj; messages: { info: Obj; parts: Obj[] }[] };

/** A v1 export's messages as v2 rows: typed text one `user` row, synthetic text a `synthetic` one, an answer's parts its `content`. */
function v2Rows(messages: { info: Obj; parts: Obj[] }[]): { type: string; created: number; data: Obj }[] {
  const rows: { type: string; created: number; data: Obj }[] = [];
  for (const m of messages) {
    const created = (m.info.time as { created: number }).created;
    if (m.info.role === 'user') {
      const text = (synthetic: boolean) => m.parts.filter((p) => p.type === 'text' && (p.synthetic === true) === synthetic).map((p) => String(p.text)).join('\n');
      if (text(false)) rows.push({ type: 'user', created, data: { text: text(false), files: m.parts.filter((p) => p.type === 'file') } });
      if (text(true)) rows.push({ type: 'synthetic', created, data: { text: text(true) } });
      continue;
    }
    const content = m.parts.flatMap((p): Obj[] => {
      if (p.type === 'text' || p.type === 'reasoning') return [{ type: p.type, text: p.text }];
      if (p.type !== 'tool') return [];
      const { output, ...state } = p.state as Obj;
      return [{ type: 'tool', id: p.callID, name: p.tool, state: { ...state, ...(output === undefined ? {} : { content: [{ type: 'text', text: output }] }) } }];
    });
    rows.push({ type: 'assistant', created, data: { agent: m.info.mode, model: { id: m.info.modelID, providerID: m.info.providerID }, content, tokens: m.info.tokens, error: m.info.error } });
  }
  return rows;
}

function writeV2(file: string, exports: string[], extra: { type: string; data: Obj }[] = []): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.exec(`
    CREATE TABLE session_v2 (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT, title TEXT, version TEXT,
      fork_session_id TEXT, fork_boundary TEXT, metadata TEXT, time_created INTEGER, time_updated INTEGER, time_suspended INTEGER);
    CREATE TABLE session_message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, type TEXT NOT NULL, seq INTEGER NOT NULL,
      time_created INTEGER, time_updated INTEGER, data TEXT NOT NULL);
  `);
  const insertSession = db.prepare('INSERT INTO session_v2 (id, project_id, parent_id, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const insertMessage = db.prepare('INSERT INTO session_message VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const exportFile of exports) {
    const { info, messages } = exportOf(exportFile);
    const time = info.time as { created: number; updated: number };
    insertSession.run(info.id, info.projectID, info.parentID ?? null, info.directory, info.title, '2.0.12', time.created, time.updated);
    const rows = [...v2Rows(messages), ...extra.map((e) => ({ ...e, created: time.updated }))];
    rows.forEach((r, seq) => insertMessage.run(`${String(info.id)}_m${String(seq).padStart(4, '0')}`, info.id, r.type, seq, r.created, r.created, JSON.stringify(r.data)));
  }
  db.close();
}

describe('opencode provider: OpenCode 2 store (session_v2, session_message)', () => {
  it('reads a fresh 2.x store: every session, the same facts as its export, children linked', async () => {
    const file = path.join(tmp, 'v2', 'opencode.db');
    writeV2(file, [row(42).absPath, row(44).absPath]);
    const conversations = await parseAll(file);
    expect(conversations.map((c) => c.nativeId)).toEqual(['ses_336ebe11bffePlPIwBobiYzDoC', 'ses_336095806ffdW7YO0pNDFXkoAJ']);
    const [main, child] = conversations;
    expect(counts(main)).toEqual(countedFacts(row(42)));
    expect(counts(child)).toEqual(countedFacts(row(44)));
    expect(child.parentId).toBe(main.id);
    expect([main.cwd, main.title, main.agentVersion]).toEqual(['/Users/nickdejesus/Code/nimbus', 'Project exploration: goals, architecture, and direction', '2.0.12']);
    expect(main.warnings).toEqual([]);
    // Each message keeps its row as stored.
    expect(main.messages.every((m) => m.native === undefined || JSON.parse(m.native.split('\n')[0]).type !== undefined)).toBe(true);
  });

  it('shows a shell command as what the person ran, and keeps a note of a kind it does not know', async () => {
    const file = path.join(tmp, 'v2-shell', 'opencode.db');
    writeV2(file, [row(44).absPath], [
      // 2.0.15 writes the output as an object of its own.
      { type: 'shell', data: { callID: 'sh_1', command: 'git status --short', status: 'exited', output: { output: ' M README.md\n' } } },
      { type: 'idle', data: { outcome: 'completed' } },
      { type: 'model-switched', data: { from: 'claude-sonnet-4', to: 'gpt-5' } },
    ]);
    const [c] = await parseAll(file);
    const tail = c.messages.slice(-4);
    expect(tail.map((m) => [m.role, m.kind, textOf(m)])).toEqual([
      ['user', undefined, '!git status --short'],
      ['system', 'synthetic', ' M README.md\n'],
      ['system', 'empty', ''],
      ['system', 'synthetic', ''],
    ]);
    expect(JSON.parse(tail[2].native!)).toMatchObject({ type: 'idle', data: { outcome: 'completed' } });
    expect(tail[3].parts[0]).toMatchObject({ type: 'generic', kind: 'model-switched' });
    expect(c.warnings.map((w) => w.message)).toEqual([expect.stringContaining('part:model-switched')]);
  });

  it('reads an upgraded store’s v1 sessions from the v1 tables, and only the new ones from v2', async () => {
    const file = path.join(tmp, 'upgraded', 'opencode.db');
    writeV2(file, [row(42).absPath, row(44).absPath]);
    const db = new Database(file);
    // The v1 tables as a 1.x store had them, holding #42 only (a stand-in: what matters is which tables are read).
    db.exec(`CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);
      CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
      CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);`);
    const sid = 'ses_336ebe11bffePlPIwBobiYzDoC';
    db.prepare('INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(sid, 'p', null, '/Users/nickdejesus/Code/nimbus', 'from v1', '1.2.20', 1, 2);
    // Its first message as 1.x wrote it, under the id the 2.x copy keeps.
    const first = db.prepare('SELECT time_created FROM session_message WHERE id = ?').get(`${sid}_m0000`) as { time_created: number };
    db.prepare('INSERT INTO message VALUES (?, ?, ?, ?, ?)').run(`${sid}_m0000`, sid, first.time_created, first.time_created, JSON.stringify({ role: 'user', time: { created: first.time_created } }));
    db.prepare('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)').run('prt_1', `${sid}_m0000`, sid, first.time_created, first.time_created, JSON.stringify({ type: 'text', text: 'typed in 1.x' }));
    db.close();
    const conversations = await parseAll(file);
    const byId = new Map(conversations.map((c) => [c.nativeId, c]));
    const continued = byId.get(sid)!;
    expect(continued.title).toBe('from v1');
    // The 1.x message from the v1 tables, then what 2.x added: every prompt once.
    const prompts = continued.messages.filter((m) => m.role === 'user');
    expect(textOf(prompts[0])).toBe('typed in 1.x');
    expect(counts(continued)).toEqual(countedFacts(row(42)));
    expect(byId.get('ses_336095806ffdW7YO0pNDFXkoAJ')?.agentVersion).toBe('2.0.12');
    expect(conversations.length).toBe(2);
  });

  it('reads tables without the order columns, and keeps the 1.x sessions when the 2.x ones cannot be read', async () => {
    const bare = path.join(tmp, 'bare', 'opencode.db');
    mkdirSync(path.dirname(bare), { recursive: true });
    const db = new Database(bare);
    db.exec(`CREATE TABLE session_v2 (id TEXT PRIMARY KEY, title TEXT, directory TEXT);
      CREATE TABLE session_message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL);`);
    db.prepare('INSERT INTO session_v2 VALUES (?, ?, ?)').run('ses_1', 'bare', '/w');
    db.prepare('INSERT INTO session_message VALUES (?, ?, ?, ?)').run('m1', 'ses_1', 'user', JSON.stringify({ text: 'first' }));
    db.prepare('INSERT INTO session_message VALUES (?, ?, ?, ?)').run('m2', 'ses_1', 'user', JSON.stringify({ text: 'second' }));
    db.close();
    const [c] = await parseAll(bare);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['first', 'second']);

    const odd = path.join(tmp, 'odd', 'opencode.db');
    writeV2(odd, [row(44).absPath]);
    const d = new Database(odd);
    d.exec(`ALTER TABLE session_message RENAME COLUMN session_id TO thread_id;
      CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);
      CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
      CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);`);
    d.prepare('INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run('ses_v1', 'p', null, '/w', 'a 1.x session', '1.2.20', 1, 2);
    d.close();
    const read = await parseAll(odd);
    expect(read.map((x) => x.title)).toEqual(['a 1.x session']);
    expect(read[0].warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^OpenCode 2's tables could not be read/)]);
  });

  it('reads a 2.0 beta’s opencode-next.db, whose sessions are in a `session` table of 2.x’s shape', async () => {
    const file = path.join(tmp, 'next', 'opencode-next.db');
    writeV2(file, [row(42).absPath, row(44).absPath]);
    const db = new Database(file);
    // The layout before migration 20260804233008_loose_psylocke renamed the table (V1Migration's isNextDatabase).
    db.exec('ALTER TABLE session_v2 RENAME TO session; CREATE TABLE project (id TEXT PRIMARY KEY, worktree TEXT);');
    db.close();
    const conversations = await parseAll(file);
    expect(conversations.map((c) => c.nativeId)).toEqual(['ses_336ebe11bffePlPIwBobiYzDoC', 'ses_336095806ffdW7YO0pNDFXkoAJ']);
    expect(counts(conversations[0])).toEqual(countedFacts(row(42)));
    expect(counts(conversations[1])).toEqual(countedFacts(row(44)));
    expect(conversations[0].warnings).toEqual([]);
  });

  it('a beta session 2.0.7 imported into opencode.db is archived once, from both stores', async () => {
    const data = path.join(tmp, 'both', 'home', '.local', 'share', 'opencode');
    // The main store went on after the import; the beta's copy stayed as it was.
    const main = path.join(data, 'opencode.db');
    writeV2(main, [row(44).absPath], [{ type: 'user', data: { text: 'typed after the upgrade' } }]);
    const next = path.join(data, 'opencode-next.db');
    writeV2(next, [row(44).absPath]);
    const db = new Database(next);
    db.exec('ALTER TABLE session_v2 RENAME TO session');
    db.close();
    const root = path.join(tmp, 'both', 'archive');
    const report = await sync({ root, sources: [path.join(tmp, 'both', 'home')] });
    expect(report.errors).toEqual([]);
    const reader = new ArchiveReader(root);
    try {
      const listed = reader.list().filter((c) => c.nativeId === 'ses_336095806ffdW7YO0pNDFXkoAJ');
      expect(listed).toHaveLength(1);
      const c = reader.get(listed[0].id);
      // Both stores were read (the beta's too), and every prompt is there once, the later one included.
      expect([...c.sources].sort()).toEqual([main, next].sort());
      const facts = countedFacts(row(44));
      expect(counts(c)).toEqual({ ...facts, typed: facts.typed + 1 });
      expect(c.messages.filter((m) => m.role === 'user' && textOf(m) === 'typed after the upgrade')).toHaveLength(1);
    } finally {
      reader.close();
    }
  });
});
