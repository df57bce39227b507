import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Conversation, Message } from '../../../../shared/record';
import { counts, countedFacts, eachRow, providerUnderTest } from '../../../../test/provider-kit';
import { readHead } from '../../capture/read-lines';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { opencodeProvider } from './index';

const { rows, tmp, row, parseAll, parseMain } = providerUnderTest(opencodeProvider);
const facts = counts;
const expected = countedFacts;

function kinds(c: Conversation, kind: string): Message[] {
  return c.messages.filter((m) => m.kind === kind);
}

function readExport(file: string): { info: Record<string, unknown>; messages: { info: Record<string, unknown>; parts: Record<string, unknown>[] }[] } {
  return JSON.parse(readFileSync(file, 'utf8'));
}

eachRow(rows, { atLeast: 5 }, 'opencode provider: its version (export JSON)', async (r) => {
  expect((await parseMain(r.absPath)).agentVersion).toBe(r.other.version);
});

describe('opencode provider: conversation shape', () => {
  it('flags failed tools as errors (results join their calls: conformance suite)', async () => {
    // #42 has 3 tool parts with state.status "error".
    const c = await parseMain(row(42).absPath);
    const errors = c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool_call_response' && p.isError);
    expect(errors.length).toBe(3);
  });

  it('fills the conversation fields from the session info (#40)', async () => {
    const c = await parseMain(row(40).absPath);
    expect(c).toMatchObject({ id: 'opencode_ses_fe0515d27ffe9rCVKAHcb6Q4WN', agent: 'opencode', instance: 'host', sources: [row(40).absPath] });
    expect(c.parentId).toBeUndefined();
    expect(c).toMatchObject({ cwd: '/Users/vmini/workspace/devtoolbox', workspace: 'devtoolbox', title: 'Identifying conversation subject', models: ['hy3'] });
    expect(c.startedAt).toBe(new Date(1787237933784).toISOString());
    expect(c.endedAt! >= c.startedAt!).toBe(true);
    expect(c.usage?.outputTokens).toBeGreaterThan(0);
    // Every message keeps its record under an id of its own: conformance suite.
    expect(c.messages.flatMap((m) => m.parts).some((p) => p.type === 'reasoning' && p.content.length > 0)).toBe(true);
  });

  it('keeps every native record exactly once (#41)', async () => {
    const c = await parseMain(row(41).absPath);
    const doc = readExport(row(41).absPath);
    const records = doc.messages.length + doc.messages.reduce((n, m) => n + m.parts.length, 0);
    const lines = c.messages.flatMap((m) => (m.native ? m.native.split('\n') : []));
    expect(lines.length).toBe(records);
  });

  it('splits /command subtasks and synthetic text from typed prompts (#41)', async () => {
    const c = await parseMain(row(41).absPath);
    const subtasks = kinds(c, 'command-subtask');
    expect(subtasks.length).toBe(4);
    expect(subtasks.every((m) => m.role === 'system' && m.parts.some((p) => p.type === 'generic' && p.content.startsWith('/review')))).toBe(true);
    const synthetic = kinds(c, 'synthetic');
    expect(synthetic.length).toBe(4);
    expect(synthetic.every((m) => m.role === 'system')).toBe(true);
    // Patch parts (files a step changed) are kept as generic parts.
    expect(c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'generic' && p.kind === 'patch').length).toBe(20);
  });

  it('makes subagent sessions children of their parent (#44 → #42)', async () => {
    const child = await parseMain(row(44).absPath);
    const parent = await parseMain(row(42).absPath);
    expect(child.parentId).toBe(parent.id);
    expect(child.relation).toBe('subagent');
    const task = kinds(child, 'subagent-task');
    expect(task.length).toBe(1);
    expect(task[0].role).toBe('system');
  });
});

describe('opencode provider: damaged input', () => {
  it('skips a broken message with a warning and keeps the rest', async () => {
    const doc = readExport(row(42).absPath);
    const promptIndex = doc.messages.findIndex((m, i) => i > 0 && m.info.role === 'user');
    (doc.messages as unknown[])[promptIndex] = 'garbage';
    const file = path.join(tmp, 'broken.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ message: `Message #${promptIndex + 1} is not an {info, parts} object; skipped` }]);
    expect(facts(c)).toEqual({ ...expected(row(42)), typed: row(42).prompts - 1 });
  });

  it('returns a conversation with a warning for a truncated document', async () => {
    const file = path.join(tmp, 'truncated.json');
    writeFileSync(file, readFileSync(row(40).absPath, 'utf8').slice(0, 500));
    const [c] = await parseAll(file);
    expect(c.messages).toEqual([]);
    expect(c.warnings[0].message).toMatch(/Unreadable OpenCode JSON/);
  });

  it('keeps unknown part types as generic parts with one warning naming them', async () => {
    const doc = readExport(row(40).absPath);
    doc.messages[1].parts.push({ type: 'brand-new', x: 1 }, { type: 'brand-new', x: 2 });
    const file = path.join(tmp, 'unknown.json');
    writeFileSync(file, JSON.stringify(doc));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ message: expect.stringContaining('part:brand-new') }]);
    expect(c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'generic' && p.kind === 'brand-new').length).toBe(2);
    expect(facts(c)).toEqual(expected(row(40)));
  });
});

/** Lays a real export out as OpenCode's file store: session/, message/, part/ (see storage.ts). */
function writeStorage(root: string, exportFile: string): string {
  const doc = readExport(exportFile);
  const info = doc.info as { id: string; projectID: string };
  const sessionFile = path.join(mkdirp(path.join(root, 'storage', 'session', info.projectID)), `${info.id}.json`);
  writeFileSync(sessionFile, JSON.stringify(info, null, 2));
  doc.messages.forEach((m, i) => {
    // Entire redacted some ids to "REDACTED": give those a unique, order-preserving name.
    const id = m.info.id === 'REDACTED' ? `msg_redacted_${String(i).padStart(4, '0')}` : String(m.info.id);
    writeFileSync(path.join(mkdirp(path.join(root, 'storage', 'message', info.id)), `${id}.json`), JSON.stringify({ ...m.info, id }, null, 2));
    m.parts.forEach((p, j) => {
      const partId = `prt_${String(j).padStart(4, '0')}`;
      writeFileSync(path.join(mkdirp(path.join(root, 'storage', 'part', id)), `${partId}.json`), JSON.stringify({ ...p, id: partId }, null, 2));
    });
  });
  return sessionFile;
}

describe('opencode provider: native file store (storage/)', () => {
  const root = path.join(tmp, 'home', '.local', 'share', 'opencode');
  const files = rows.map((r) => writeStorage(root, r.absPath));
  writeFileSync(path.join(root, 'auth.json'), '{"secret":true}');

  it('reads each session file with its message and part files, same facts as the export', async () => {
    for (const [i, r] of rows.entries()) {
      const c = await parseMain(files[i]);
      expect(facts(c), r.file).toEqual(expected(r));
      expect(c.nativeId).toBe(readExport(r.absPath).info.id);
      expect(c.warnings).toEqual([]);
    }
  });

  it('warns about an unreadable part file and keeps the rest', async () => {
    const sessionFile = files[0];
    const c0 = await parseMain(sessionFile);
    const toolMessage = c0.messages.find((m) => m.parts.some((p) => p.type === 'tool_call'))!;
    const partDir = path.join(root, 'storage', 'part', toolMessage.id);
    const toolPart = readdirSync(partDir).find((n) => readFileSync(path.join(partDir, n), 'utf8').includes('"type": "tool"'))!;
    const original = readFileSync(path.join(partDir, toolPart), 'utf8');
    writeFileSync(path.join(partDir, toolPart), original.slice(0, 40));
    try {
      const c = await parseMain(sessionFile);
      expect(c.warnings.length).toBe(1);
      expect(c.warnings[0].message).toContain(toolPart);
      expect(facts(c)).toEqual({ ...facts(c0), calls: facts(c0).calls - 1 });
    } finally {
      writeFileSync(path.join(partDir, toolPart), original);
    }
  });

  it('locates session files and the database, never auth.json', async () => {
    const home = path.join(tmp, 'home');
    writeFileSync(path.join(root, 'opencode.db'), '');
    writeFileSync(path.join(root, 'opencode.db-wal'), '');
    const found = (await opencodeProvider.locate(home)).map((f) => path.relative(root, f));
    expect(found).toContain('opencode.db');
    expect(found.filter((f) => f.startsWith(path.join('storage', 'session'))).length).toBe(rows.length);
    expect(found.length).toBe(rows.length + 1);
    expect(found.some((f) => f.includes('auth'))).toBe(false);
    expect(await opencodeProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
    rmSync(path.join(root, 'opencode.db'));
    rmSync(path.join(root, 'opencode.db-wal'));
  });
});

/**
 * Builds an `opencode.db` with the tables of anomalyco/opencode
 * packages/opencode/src/session/session.sql.ts (session, message, part; JSON `data` columns
 * without the ids), filled from the real exports #42 and its subagent session #44.
 */
function writeDatabase(file: string, exports: string[]): void {
  const db = new Database(file);
  db.exec(`
    CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT NOT NULL, workspace_id TEXT, parent_id TEXT, slug TEXT NOT NULL,
      directory TEXT NOT NULL, path TEXT, title TEXT NOT NULL, version TEXT NOT NULL, share_url TEXT, summary_additions INTEGER,
      summary_deletions INTEGER, summary_files INTEGER, summary_diffs TEXT, cost REAL NOT NULL DEFAULT 0,
      tokens_input INTEGER NOT NULL DEFAULT 0, tokens_output INTEGER NOT NULL DEFAULT 0, tokens_reasoning INTEGER NOT NULL DEFAULT 0,
      tokens_cache_read INTEGER NOT NULL DEFAULT 0, tokens_cache_write INTEGER NOT NULL DEFAULT 0, revert TEXT, permission TEXT,
      time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, time_compacting INTEGER, time_archived INTEGER);
    CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
  `);
  const insertSession = db.prepare('INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const insertMessage = db.prepare('INSERT INTO message VALUES (?, ?, ?, ?, ?)');
  const insertPart = db.prepare('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)');
  for (const exportFile of exports) {
    const doc = readExport(exportFile);
    const s = doc.info as { id: string; projectID: string; parentID?: string; slug: string; directory: string; title: string; version: string; time: { created: number; updated: number } };
    insertSession.run(s.id, s.projectID, s.parentID ?? null, s.slug, s.directory, s.title, s.version, s.time.created, s.time.updated);
    doc.messages.forEach((m, i) => {
      const { id: _id, sessionID: _s, ...data } = m.info as Record<string, unknown>;
      const id = `${s.id}_msg_${String(i).padStart(4, '0')}`;
      const created = (m.info.time as { created: number }).created;
      insertMessage.run(id, s.id, created, created, JSON.stringify(data));
      m.parts.forEach((p, j) => {
        const { id: _p, sessionID: _ps, messageID: _pm, ...partData } = p;
        insertPart.run(`${id}_prt_${String(j).padStart(4, '0')}`, id, s.id, created, created, JSON.stringify(partData));
      });
    });
  }
  db.close();
}

describe('opencode provider: SQLite store (opencode.db)', () => {
  const file = path.join(tmp, 'opencode.db');
  writeDatabase(file, [row(44).absPath, row(42).absPath]);

  it('returns one conversation per session, main first, children linked', async () => {
    const conversations = await parseAll(file);
    expect(conversations.map((c) => c.nativeId)).toEqual(['ses_336ebe11bffePlPIwBobiYzDoC', 'ses_336095806ffdW7YO0pNDFXkoAJ']);
    const [main, child] = conversations;
    expect(facts(main)).toEqual(expected(row(42)));
    expect(facts(child)).toEqual(expected(row(44)));
    expect(child.parentId).toBe(main.id);
    expect(main.cwd).toBe('/Users/nickdejesus/Code/nimbus');
    expect(main.title).toBe('Project exploration: goals, architecture, and direction');
    expect(main.agentVersion).toBe('1.2.20');
    expect(main.warnings).toEqual([]);
    const db = new Database(file, { readonly: true });
    db.close(); // the provider released its handle
  });

  it('warns about a row with broken JSON and keeps the rest', async () => {
    const copy = path.join(tmp, 'broken.db');
    writeDatabase(copy, [row(42).absPath]);
    const db = new Database(copy);
    const victim = db.prepare("SELECT id FROM part WHERE data LIKE '%\"type\":\"tool\"%' LIMIT 1").get() as { id: string };
    db.prepare('UPDATE part SET data = ? WHERE id = ?').run('{"type":"tool",', victim.id);
    db.close();
    const [c] = await parseAll(copy);
    expect(c.warnings).toEqual([{ message: expect.stringContaining(victim.id) }]);
    expect(facts(c)).toEqual({ ...expected(row(42)), calls: row(42).toolCalls - 1 });
  });

  it('returns nothing for a database it cannot open', async () => {
    const bad = path.join(tmp, 'opencode-bad.db');
    writeFileSync(bad, 'not a database at all');
    expect(await parseAll(bad)).toEqual([]);
  });
});

describe('opencode provider: channel databases (opencode-<channel>.db)', () => {
  it('dejavu sync on a home finds opencode.db and opencode-<channel>.db and archives the sessions of both', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-opencode-sync-'));
    const home = path.join(work, 'home');
    const data = mkdirp(path.join(home, '.local', 'share', 'opencode'));
    writeDatabase(path.join(data, 'opencode.db'), [row(42).absPath]);
    writeDatabase(path.join(data, 'opencode-beta.db'), [row(44).absPath]);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^2 file\(s\) found, 2 read \(.+\), 0 unchanged: 2 new, 0 updated conversation\(s\)$/m);
    const listed = dejavuJson<{ id: string; agent: string; sourcePath: string }[]>(['list'], env);
    expect(listed.map((c) => [c.id, path.basename(c.sourcePath)]).sort()).toEqual([
      ['opencode_ses_336095806ffdW7YO0pNDFXkoAJ', 'opencode-beta.db'],
      ['opencode_ses_336ebe11bffePlPIwBobiYzDoC', 'opencode.db'],
    ]);
  }, 60_000);
});

describe('opencode provider: detect, resume', () => {

  it('detects the database and storage session files', async () => {
    const db = path.join(tmp, 'opencode.db');
    expect(opencodeProvider.detect({ path: db, head: await readHead(db) })).toBe(true);
    expect(opencodeProvider.detect({ path: path.join(tmp, 'other.db'), head: await readHead(db) })).toBe(false);
    const session = path.join(tmp, 'home', '.local', 'share', 'opencode', 'storage', 'session', 'e636a08f504c17bb94725f03ccc30ead67d304f9', 'ses_336ebe11bffePlPIwBobiYzDoC.json');
    expect(opencodeProvider.detect({ path: session, head: await readHead(session) })).toBe(true);
  });

  it('resumes with opencode --session <id> in the session directory', async () => {
    const c = await parseMain(row(40).absPath);
    expect(opencodeProvider.resumeCommand(c)).toEqual({ command: 'opencode --session ses_fe0515d27ffe9rCVKAHcb6Q4WN', cwd: '/Users/vmini/workspace/devtoolbox' });
  });
});

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
