/**
 * What OpenCode writes around a prompt or a tool besides the conversation itself, read from its
 * source (no real store holds these cases): the 2.0.7+ import of a 1.x session into the 2.x
 * tables (packages/core/src/database/v1-migration.bun.ts), a plugin's notice written as an
 * `ignored` text part of the person's message (TextPart.ignored, message-v2.ts), a tool's output
 * before it failed (1.x `metadata.output`, 2.x `content`), 2.x's `{type, message}` errors, a
 * 1.x `!command` (SessionPrompt.shell) and 2.x's attachments (`{data, mime, name}`).
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { opencodeProvider } from './index';

const { tmp, parseAll } = providerUnderTest(opencodeProvider);

const SID = 'ses_3a1b2c3d4e5fAbCdEfGhIjKlMn';
const T = 1_760_000_000_000;
/** An OpenCode id: prefix, 12 hex digits of time, 14 random characters. */
const id = (prefix: string, n: number, tail = 'Qw3rTy7uI0pAsD') => `${prefix}_${(0x19a0000000 + n * 4096).toString(16).padStart(12, '0')}${tail}`;

type Obj = Record<string, unknown>;

/** A 1.x store (session, message, part), with OpenCode 2's tables when `v2` rows are given. */
function store(dir: string, messages: { id: string; data: Obj; parts: Obj[] }[], v2?: { id: string; type: string; data: Obj }[]): string {
  const file = path.join(tmp, dir, 'opencode.db');
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.exec(`CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);
    CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT NOT NULL, session_id TEXT NOT NULL, time_created INTEGER NOT NULL, time_updated INTEGER NOT NULL, data TEXT NOT NULL);`);
  db.prepare('INSERT INTO session VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(SID, 'p', null, '/w/app', null, '1.2.20', T, T + 9000);
  messages.forEach((m, i) => {
    db.prepare('INSERT INTO message VALUES (?, ?, ?, ?, ?)').run(m.id, SID, T + i * 1000, T + i * 1000, JSON.stringify(m.data));
    m.parts.forEach((p, k) => db.prepare('INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)').run(id('prt', i * 10 + k), m.id, SID, T + i * 1000, T + i * 1000, JSON.stringify(p)));
  });
  if (v2) {
    db.exec(`CREATE TABLE session_v2 (id TEXT PRIMARY KEY, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);
      CREATE TABLE session_message (id TEXT PRIMARY KEY, session_id TEXT NOT NULL, type TEXT NOT NULL, seq INTEGER NOT NULL, time_created INTEGER, time_updated INTEGER, data TEXT NOT NULL);`);
    db.prepare('INSERT INTO session_v2 VALUES (?, ?, ?, ?, ?, ?)').run(SID, '/w/app', null, '1.2.20', T, T + 9000);
    v2.forEach((r, seq) => db.prepare('INSERT INTO session_message VALUES (?, ?, ?, ?, ?, ?, ?)').run(r.id, SID, r.type, seq, T + seq, T + seq, JSON.stringify(r.data)));
  }
  db.close();
  return file;
}

const user = (n: number) => ({ id: id('msg', n), data: { role: 'user', time: { created: T + n * 1000 } } });
const assistant = (n: number, extra: Obj = {}) => ({ id: id('msg', n), data: { role: 'assistant', time: { created: T + n * 1000, completed: T + n * 1000 + 500 }, modelID: 'm', providerID: 'p', ...extra } });
const FILE_TEXT = 'Called the Read tool with the following input: {"filePath":"/w/app/a.ts"}\n<file>\n00001| export const a = 1;\n</file>';

function texts(c: Conversation, role: string): string[] {
  return c.messages.filter((m) => m.role === role).map(textOf);
}

describe('opencode provider: what OpenCode writes beside the conversation', () => {
  it('an upgraded store’s import of a 1.x prompt with a mentioned file: the file’s text once, where it was read', async () => {
    const [prompt, answer, later, laterAnswer] = [user(0), assistant(1), id('msg', 50, 'Zx9Cv8Bn7Mm6Ll'), id('msg', 51, 'Kj5Hg4Fd3Ss2Aa')];
    const v1 = [
      { ...prompt, parts: [{ type: 'text', text: 'what does @a.ts export?' }, { type: 'text', text: FILE_TEXT, synthetic: true }, { type: 'file', url: 'file:///w/app/a.ts', filename: 'a.ts', mime: 'text/plain' }] },
      { ...answer, parts: [{ type: 'text', text: 'It exports `a`.' }] },
    ];
    // As the importer writes it: the prompt and the answer under their ids, the injected text under
    // an id made from the prompt's, then its note on renamed tools; then what 2.x added.
    const file = store('upgraded', v1, [
      { id: prompt.id, type: 'user', data: { text: 'what does @a.ts export?' } },
      { id: `${prompt.id.slice(0, 16)}H7sK2pQ9wE4rT1`, type: 'synthetic', data: { text: FILE_TEXT } },
      { id: answer.id, type: 'assistant', data: { content: [{ type: 'text', text: 'It exports `a`.' }] } },
      { id: `${answer.id.slice(0, 16)}N3mB6vC1xZ8aS5`, type: 'system', data: { text: 'The available tools have changed.\n\nThe `read` tool now takes `path` instead of `filePath`.' } },
      { id: later, type: 'user', data: { text: 'and in 2.x?' } },
      { id: laterAnswer, type: 'assistant', data: { content: [{ type: 'text', text: 'Still `a`.' }] } },
    ]);
    const [c] = await parseAll(file);
    expect(texts(c, 'user')).toEqual(['what does @a.ts export?', 'and in 2.x?']);
    expect(texts(c, 'assistant')).toEqual(['It exports `a`.', 'Still `a`.']);
    const system = texts(c, 'system');
    expect(system.filter((t) => t.includes('00001| export const a = 1;'))).toHaveLength(1);
    // The note 2.x gives the model after the import stays, between the 1.x turns and the 2.x ones.
    const at = (role: string, start: string) => c.messages.findIndex((m) => m.role === role && textOf(m).startsWith(start));
    const note = at('system', 'The available tools have changed.');
    expect(note).toBeGreaterThan(at('assistant', 'It exports'));
    expect(note).toBeLessThan(at('user', 'and in 2.x?'));
  });

  it('a 2.x row that merely follows a 1.x prompt is not taken for the import’s copy', async () => {
    const prompt = user(0);
    const file = store('follows', [{ ...prompt, parts: [{ type: 'text', text: 'hello' }] }], [
      { id: prompt.id, type: 'user', data: { text: 'hello' } },
      { id: id('msg', 60, 'Rt5Yu6Io7Pp8Oo'), type: 'synthetic', data: { text: 'A note 2.x wrote itself.' } },
    ]);
    const [c] = await parseAll(file);
    expect(texts(c, 'system')).toEqual(['A note 2.x wrote itself.']);
  });

  it('a plugin’s notice written as an ignored part of the person’s message is not what they typed', async () => {
    const file = store('ignored', [
      { ...user(0), parts: [{ type: 'text', text: '[plugin] Memory loaded: 12 notes', ignored: true }] },
      { ...user(1), parts: [{ type: 'text', text: 'fix the build' }, { type: 'text', text: '[plugin] 3 reminders', ignored: true }] },
      { ...assistant(2), parts: [{ type: 'text', text: 'Done.' }] },
    ]);
    const [c] = await parseAll(file);
    expect(texts(c, 'user')).toEqual(['fix the build']);
    expect(texts(c, 'system').join('\n')).toContain('[plugin] Memory loaded: 12 notes');
    expect(texts(c, 'system').join('\n')).toContain('[plugin] 3 reminders');
    expect(c.title).toBe('fix the build');
  });

  it('a failed or stopped tool keeps what it printed before, and 2.x errors read as their type', async () => {
    const v1 = store('tool-error', [
      { ...user(0), parts: [{ type: 'text', text: 'run the tests' }] },
      {
        ...assistant(1),
        parts: [{ type: 'tool', callID: 'call_1', tool: 'bash', state: { status: 'error', input: { command: 'npm test' }, error: 'Tool execution aborted', metadata: { output: 'PASS a.test.ts\nRUNS b.test.ts' }, time: { start: T, end: T + 1 } } }],
      },
    ]);
    const [one] = await parseAll(v1);
    const response = one.messages.flatMap((m) => m.parts).find((p) => p.type === 'tool_call_response');
    expect(response).toMatchObject({ isError: true });
    expect(response?.type === 'tool_call_response' && response.response).toBe('PASS a.test.ts\nRUNS b.test.ts\n\nTool execution aborted');

    const prompt = user(0);
    const v2 = store('v2-error', [{ ...prompt, parts: [{ type: 'text', text: 'start' }] }], [
      { id: prompt.id, type: 'user', data: { text: 'start' } },
      {
        id: id('msg', 70, 'Qa1Ws2Ed3Rf4Tg'),
        type: 'assistant',
        data: {
          content: [{ type: 'tool', id: 'call_2', name: 'shell', state: { status: 'error', input: { command: 'make' }, error: { type: 'tool.execution', message: 'exit code 2' }, content: [{ type: 'text', text: 'cc: error: a.c' }] } }],
          error: { type: 'aborted', message: 'The operation was aborted.' },
        },
      },
    ]);
    const [two] = await parseAll(v2);
    const failed = two.messages.flatMap((m) => m.parts).find((p) => p.type === 'tool_call_response');
    expect(failed?.type === 'tool_call_response' && failed.response).toBe('cc: error: a.c\n\ntool.execution: exit code 2');
    const stop = two.messages.find((m) => m.role === 'system' && m.kind === 'interrupt');
    expect(stop && textOf(stop)).toBe('aborted: The operation was aborted.');
  });

  it('a 1.x `!command` is what the person typed, run by the tool that printed its output', async () => {
    const file = store('shell', [
      { ...user(0), parts: [{ type: 'text', text: 'The following tool was executed by the user', synthetic: true }] },
      { ...assistant(1, { modelID: '', providerID: '' }), parts: [{ type: 'tool', callID: 'call_s', tool: 'bash', state: { status: 'completed', input: { command: 'ls -la' }, output: 'total 0', time: { start: T, end: T + 1 } } }] },
      { ...user(2), parts: [{ type: 'text', text: 'Summarize the task tool output above and continue.', synthetic: true }] },
    ]);
    const [c] = await parseAll(file);
    expect(texts(c, 'user')).toEqual(['!ls -la']);
    const ran = c.messages.flatMap((m) => m.parts);
    expect(ran.find((p) => p.type === 'tool_call')).toMatchObject({ name: 'bash' });
    expect(ran.find((p) => p.type === 'tool_call_response')).toMatchObject({ response: 'total 0' });
    // Its note stays its native record; another synthetic note is still the harness's.
    expect(c.messages.find((m) => m.role === 'user')?.native).toContain('The following tool was executed by the user');
    expect(texts(c, 'system')).toEqual(['Summarize the task tool output above and continue.']);
    expect(c.title).toBe('!ls -la');
  });

  it('a 2.x attachment keeps its bytes, and so does a file a tool returned', async () => {
    const prompt = user(0);
    const file = store('files', [{ ...prompt, parts: [{ type: 'text', text: 'look' }] }], [
      { id: prompt.id, type: 'user', data: { text: 'look' } },
      { id: id('msg', 80, 'Mn1Bv2Cx3Zl4Kj'), type: 'user', data: { text: 'what is in this screenshot?', files: [{ data: 'iVBORw0KGgo=', mime: 'image/png', name: 'shot.png', source: { type: 'inline' } }] } },
      {
        id: id('msg', 81, 'Po9Iu8Yt7Re6Wq'),
        type: 'assistant',
        data: { content: [{ type: 'tool', id: 'call_r', name: 'read', state: { status: 'completed', input: { path: 'logo.png' }, content: [{ type: 'text', text: 'Image read' }, { type: 'file', uri: 'data:image/png;base64,R0lGODlh', mime: 'image/png', name: 'logo.png' }] } }] },
      },
    ]);
    const [c] = await parseAll(file);
    const asked = c.messages.find((m) => m.role === 'user' && textOf(m) === 'what is in this screenshot?');
    expect(asked?.parts).toContainEqual({ type: 'blob', modality: 'image', mimeType: 'image/png', content: 'iVBORw0KGgo=' });
    const returned = c.messages.filter((m) => m.role === 'tool').flatMap((m) => m.parts);
    expect(returned).toContainEqual({ type: 'blob', modality: 'image', mimeType: 'image/png', content: 'R0lGODlh' });
    expect(returned.find((p) => p.type === 'tool_call_response')).toMatchObject({ response: 'Image read' });
  });
});
