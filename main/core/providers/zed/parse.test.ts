/**
 * No real Zed threads.db exists in the fixtures. The store below is built as Zed builds it —
 * the `threads` table and its later columns from crates/agent/src/db.rs (ThreadsDatabase::new,
 * save_thread_sync: JSON zstd-compressed, `version` flattened in) — and the thread records
 * from zed-industries/zed (mid-2026): `DbThread` 0.3.0 with the externally tagged `Message`,
 * `UserMessageContent` and `AgentMessageContent` of crates/agent/src/thread.rs and
 * `LanguageModelToolUse` / `LanguageModelToolResult` of crates/language_model; the agent-1
 * `SerializedThread` (0.2.0, 0.1.0) of crates/agent/src/legacy_thread.rs.
 */
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import zlib from 'node:zlib';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectToolResultsJoined, parts, providerUnderTest, textOf } from '../../../../test/provider-kit';
import { threadJson } from './decode';
import { zedProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(zedProvider);

const MAIN = '5b0e8d2c-7a41-4f3e-9c6b-1d2e3f4a5b6c';
const CHILD = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const OLD = '2f4e6a8c-0b1d-4e3f-a5b7-c9d1e3f5a7b9';
const OLDEST = '7e5c3a1b-9d8f-4c6e-b4a2-0f1e2d3c4b5a';
const BROKEN = 'b1b2b3b4-c1c2-4d1d-8e1e-f1f2f3f4f5f6';
const ODD = 'c1c2c3c4-d1d2-4e1e-9f1f-a1a2a3a4a5a6';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const image = { source: PNG, size: { width: 1, height: 1 } };
const toolUse = (id: string, name: string, input: object, raw = JSON.stringify(input)) => ({ ToolUse: { id, name, raw_input: raw, input, is_input_complete: true } });
const result = (id: string, name: string, content: unknown, isError = false) => ({ tool_use_id: id, tool_name: name, is_error: isError, content, output: null });

const mainThread = {
  title: 'Fix the failing build',
  messages: [
    { User: { id: 'user-msg-1', content: [{ Text: 'Why does the build fail? See ' }, { Mention: { uri: { File: { abs_path: '/home/me/work/demo-app/build.log' } }, content: 'error: missing semicolon' } }, { Image: image }] } },
    {
      Agent: {
        content: [
          { Thinking: { text: 'Check the log first.', signature: 'EqQBCkgIBxABGAIiQ' } },
          { Text: 'Let me look at the log.' },
          toolUse('toolu_01', 'read_file', { path: 'demo-app/build.log' }),
          toolUse('toolu_02', 'spawn_agent', { label: 'tests', message: 'Run the tests' }),
        ],
        tool_results: {
          toolu_01: result('toolu_01', 'read_file', { Text: 'error: missing semicolon' }),
          toolu_02: result('toolu_02', 'spawn_agent', 'Tests pass.'),
        },
        reasoning_details: null,
      },
    },
    { Agent: { content: [{ RedactedThinking: 'opaque' }, { Text: 'Add the semicolon on line 3.' }], tool_results: {}, reasoning_details: null } },
    'Resume',
    { User: { id: 'user-msg-2', content: [{ Text: 'now run the linter' }] } },
    { Agent: { content: [toolUse('toolu_03', 'terminal', { command: 'npm run lint', cd: 'demo-app' }, '')], tool_results: { toolu_03: result('toolu_03', 'terminal', [{ type: 'text', text: 'lint failed' }, { Image: image }], true) }, reasoning_details: null } },
  ],
  updated_at: '2026-06-30T08:25:00Z',
  detailed_summary: null,
  initial_project_snapshot: null,
  cumulative_token_usage: {},
  request_token_usage: {},
  model: { provider: 'zed.dev', model: 'claude-sonnet-4-5' },
  profile: 'write',
  imported: false,
  subagent_context: null,
  speed: null,
  thinking_enabled: true,
  thinking_effort: null,
  draft_prompt: null,
  ui_scroll_position: null,
  sandboxed_terminal_temp_dir: null,
  version: '0.3.0',
};
const childThread = {
  title: 'tests',
  messages: [
    { User: { id: 'user-msg-s', content: [{ Text: 'Run the tests' }] } },
    { Agent: { content: [toolUse('toolu_11', 'terminal', { command: 'npm test', cd: 'demo-app' })], tool_results: { toolu_11: result('toolu_11', 'terminal', 'ok') }, reasoning_details: null } },
    { Agent: { content: [{ Text: 'Tests pass.' }], tool_results: {}, reasoning_details: null } },
    // Zed's compaction (Message::Compaction), then the parent resuming the subagent (spawn_agent_tool.rs resume_subagent → send).
    { Compaction: { Summary: 'Ran the tests; they pass.' } },
    { User: { id: 'user-msg-s2', content: [{ Text: 'Now run the linter' }] } },
    { Agent: { content: [{ Text: 'Lint is clean.' }], tool_results: {}, reasoning_details: null } },
  ],
  updated_at: '2026-06-30T08:22:00Z',
  model: { provider: 'zed.dev', model: 'claude-sonnet-4-5' },
  subagent_context: { parent_thread_id: MAIN, tool_use_id: 'toolu_02', depth: 1 },
  version: '0.3.0',
};
const legacyMessage = (id: number, role: string, segments: object[], extra: object = {}) => ({ id, role, segments, tool_uses: [], tool_results: [], context: '', creases: [], is_hidden: false, ...extra });
const oldThread = {
  version: '0.2.0',
  summary: 'List the files',
  updated_at: '2025-05-01T10:00:00Z',
  messages: [
    legacyMessage(0, 'user', [{ type: 'text', text: 'List the files' }], { context: '<files>\nsrc/a.ts\n</files>' }),
    legacyMessage(1, 'assistant', [{ type: 'thinking', text: 'Use list_directory.' }, { type: 'text', text: 'Listing them.' }], {
      tool_uses: [{ id: 'tool_1', name: 'list_directory', input: { path: '.' } }],
      tool_results: [{ tool_use_id: 'tool_1', is_error: false, content: 'a.ts\nb.ts', output: null }],
    }),
    legacyMessage(2, 'assistant', [{ type: 'text', text: 'Two files.' }]),
  ],
  initial_project_snapshot: null,
  cumulative_token_usage: {},
  request_token_usage: [],
  detailed_summary_state: 'NotGenerated',
  model: null,
  completion_mode: null,
  tool_use_limit_reached: false,
  profile: null,
};
/** 0.1.0 sent tool results back in a user message of their own (upgraded away by Zed on load). */
const oldestThread = {
  version: '0.1.0',
  summary: 'Use the tool',
  updated_at: '2025-03-01T10:00:00Z',
  messages: [
    legacyMessage(1, 'user', [{ type: 'text', text: 'Use tool_1' }]),
    legacyMessage(2, 'assistant', [{ type: 'text', text: 'I want to use a tool' }], { tool_uses: [{ id: 'abc', name: 'tool_1', input: null }] }),
    legacyMessage(1, 'user', [{ type: 'text', text: 'Here is the tool result' }], { tool_results: [{ tool_use_id: 'abc', is_error: false, content: { Text: 'abcdef' }, output: null }] }),
  ],
};

interface Row {
  id: string;
  summary: string;
  updated_at: string;
  data_type: string;
  data: Buffer;
  parent_id?: string | null;
  folder_paths?: string | null;
  folder_paths_order?: string | null;
  created_at?: string;
}

const zstd = (thread: object) => zlib.zstdCompressSync(Buffer.from(JSON.stringify(thread)));
const rows: Row[] = [
  { id: MAIN, summary: 'Fix the failing build', updated_at: '2026-06-30T08:25:00+00:00', created_at: '2026-06-30T08:19:55+00:00', data_type: 'zstd', data: zstd(mainThread), folder_paths: '/home/me/work/demo-app\n/home/me/work/shared', folder_paths_order: '1,0' },
  { id: CHILD, summary: 'tests', updated_at: '2026-06-30T08:22:00+00:00', created_at: '2026-06-30T08:21:00+00:00', data_type: 'zstd', data: zstd(childThread), parent_id: MAIN, folder_paths: '/home/me/work/demo-app', folder_paths_order: '0' },
  { id: OLD, summary: 'List the files', updated_at: '2025-05-01T10:00:00+00:00', created_at: '2025-05-01T10:00:00+00:00', data_type: 'json', data: Buffer.from(JSON.stringify(oldThread)) },
  { id: OLDEST, summary: 'Use the tool', updated_at: '2025-03-01T10:00:00+00:00', created_at: '2025-03-01T10:00:00+00:00', data_type: 'json', data: Buffer.from(JSON.stringify(oldestThread)) },
];

/** A threads.db laid out as Zed creates and migrates it. */
function threadsDb(home: string, list: readonly Row[], migrated = true): string {
  const dir = path.join(home, '.local', 'share', 'zed', 'threads');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'threads.db');
  const db = new Database(file);
  db.exec('CREATE TABLE IF NOT EXISTS threads (id TEXT PRIMARY KEY, summary TEXT NOT NULL, updated_at TEXT NOT NULL, data_type TEXT NOT NULL, data BLOB NOT NULL)');
  if (migrated) db.exec('ALTER TABLE threads ADD COLUMN parent_id TEXT; ALTER TABLE threads ADD COLUMN folder_paths TEXT; ALTER TABLE threads ADD COLUMN folder_paths_order TEXT; ALTER TABLE threads ADD COLUMN created_at TEXT;');
  const columns = migrated ? ['id', 'parent_id', 'folder_paths', 'folder_paths_order', 'summary', 'updated_at', 'data_type', 'data', 'created_at'] : ['id', 'summary', 'updated_at', 'data_type', 'data'];
  const insert = db.prepare(`INSERT INTO threads (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
  for (const r of list) insert.run(Object.fromEntries(columns.map((c) => [c, (r as unknown as Record<string, unknown>)[c] ?? null])));
  db.close();
  return file;
}

async function parseDb(file: string): Promise<Map<string, Conversation>> {
  const cs = await zedProvider.parse(fileParseContext(file));
  return new Map(cs.map((c) => [c.nativeId, c]));
}

describe('zed provider: a threads.db built as Zed writes it', () => {
  const file = threadsDb(path.join(tmp, 'h1'), rows);

  it('reads a zstd DbThread: typed prompts, mentions and images, answers, thinking, tool calls and results', async () => {
    const c = (await parseDb(file)).get(MAIN)!;
    expectOutlineGolden('zed', [c]); // test/golden/outline/zed.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail? See @build.log', 'now run the linter']);
    expect(parts(c, 'user').filter((p) => p.type !== 'text').map((p) => p.type === 'generic' ? p.kind : p.type)).toEqual(['mention', 'blob']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual(['Let me look at the log.', 'Add the semicolon on line 3.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([
      { type: 'reasoning', content: 'Check the log first.' },
      { type: 'reasoning', content: '', redacted: true },
    ]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_01', name: 'read_file', arguments: '{"path":"demo-app/build.log"}' },
      { type: 'tool_call', id: 'toolu_02', name: 'spawn_agent', arguments: '{"label":"tests","message":"Run the tests"}' },
      { type: 'tool_call', id: 'toolu_03', name: 'terminal', arguments: '{"command":"npm run lint","cd":"demo-app"}' },
    ]);
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'toolu_01', response: 'error: missing semicolon' },
      { type: 'tool_call_response', id: 'toolu_02', response: 'Tests pass.' },
      { type: 'tool_call_response', id: 'toolu_03', response: 'lint failed', isError: true },
      { type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG },
    ]);
    expect(c.messages.filter((m) => m.role === 'system')).toMatchObject([{ kind: 'resume' }]);
    expect(c).toMatchObject({ id: `zed_${MAIN}`, title: 'Fix the failing build', cwd: '/home/me/work/shared', workspace: 'shared', models: ['claude-sonnet-4-5'] });
    expect(c).toMatchObject({ startedAt: '2026-06-30T08:19:55.000Z', endedAt: '2026-06-30T08:25:00.000Z' });
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expect(new Set(c.messages.map((m) => m.id)).size).toBe(c.messages.length);
    expect(c.messages.every((m) => m.native && m.source === 0)).toBe(true);
  });

  it('makes a subagent thread a child of its parent, its task a system message, after the threads', async () => {
    const cs = await zedProvider.parse(fileParseContext(file));
    expect(cs.map((c) => c.nativeId)).toEqual([OLDEST, OLD, MAIN, CHILD]);
    const child = cs[3];
    expect(child).toMatchObject({ parentId: `zed_${MAIN}`, relation: 'subagent', parentToolCallId: 'toolu_02', title: 'tests' });
    expect(child.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(child.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(child.messages.filter((m) => m.role === 'system').map((m) => [m.kind, textOf(m)])).toEqual([
      ['subagent-task', 'Run the tests'],
      ['compaction-summary', 'Ran the tests; they pass.'],
      ['parent-message', 'Now run the linter'],
    ]);
    expect(parts(child, 'assistant').filter((p) => p.type === 'text')).toHaveLength(2);
    expect(child.warnings).toEqual([]);
  });

  it('reads the agent-1 threads (0.2.0, and 0.1.0 with results in a user message of their own)', async () => {
    const byId = await parseDb(file);
    const old = byId.get(OLD)!;
    expect(old.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['List the files']);
    expect(parts(old, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([{ type: 'tool_call', id: 'tool_1', name: 'list_directory', arguments: '{"path":"."}' }]);
    expect(parts(old, 'tool')).toEqual([{ type: 'tool_call_response', id: 'tool_1', response: 'a.ts\nb.ts' }]);
    expect(parts(old, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([{ type: 'reasoning', content: 'Use list_directory.' }]);
    expect(old.warnings).toEqual([]);
    const oldest = byId.get(OLDEST)!;
    expect(oldest.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Use tool_1']);
    expect(oldest.messages.find((m) => m.kind === 'tool-results')).toBeDefined();
    expect(parts(oldest, 'tool')).toEqual([{ type: 'tool_call_response', id: 'abc', response: 'abcdef' }]);
    expectToolResultsJoined(oldest);
  });
});

describe('zed provider: damaged and unusual stores', () => {
  it('keeps a thread it cannot decode or read as a conversation with the reason, and reads the rest', async () => {
    const bad: Row[] = [
      ...rows.slice(0, 1),
      { id: BROKEN, summary: 'Half written', updated_at: '2026-07-01T09:00:00+00:00', data_type: 'zstd', data: Buffer.from('not zstd at all') },
      { id: ODD, summary: 'Future codec', updated_at: '2026-07-02T09:00:00+00:00', data_type: 'brotli', data: Buffer.from('x') },
    ];
    const byId = await parseDb(threadsDb(path.join(tmp, 'h2'), bad));
    expect(byId.get(MAIN)!.warnings).toEqual([]);
    expect(byId.get(BROKEN)).toMatchObject({ title: 'Half written', messages: [], warnings: [{ message: expect.stringMatching(new RegExp(`^Thread ${BROKEN}: its zstd data does not decompress: `)) }] });
    expect(byId.get(ODD)!.warnings).toEqual([{ message: `Thread ${ODD}: unknown data_type "brotli"; its data is kept unread in the database` }]);
  });

  it('says so per thread when this Node has no zstd decoder', () => {
    expect(threadJson('zstd', zstd(mainThread), null)).toEqual({ problem: `its data is zstd-compressed and this Node (${process.version}) has no zstd decoder; not read (needs Node 22.15 or later)` });
    expect(threadJson('json', Buffer.from('{}'), null)).toEqual({ text: '{}' });
  });

  it('keeps unknown message and content kinds as generic parts with one warning', async () => {
    const odd = { ...mainThread, messages: [...mainThread.messages, { Checkpoint: { id: 1 } }, { Agent: { content: [{ Citation: { url: 'x' } }], tool_results: {} } }] };
    const byId = await parseDb(threadsDb(path.join(tmp, 'h3'), [{ ...rows[0], data: zstd(odd) }]));
    const c = byId.get(MAIN)!;
    expect(c.warnings).toEqual([{ message: 'Unknown Zed thread content kept as generic parts: Agent content Citation, message Checkpoint' }]);
    expect(parts(c).filter((p) => p.type === 'generic' && (p.kind === 'Checkpoint' || p.kind === 'Citation'))).toHaveLength(2);
  });

  it('reads a store from before the parent, folder and created_at columns', async () => {
    const cs = await zedProvider.parse(fileParseContext(threadsDb(path.join(tmp, 'h4'), [rows[2]], false)));
    expect(cs.map((c) => [c.nativeId, c.title, c.cwd])).toEqual([[OLD, 'List the files', undefined]]);
  });
});

describe('zed provider: detect, locate and a plain dejavu sync of a home', () => {
  it('detects threads.db by name and SQLite header only', () => {
    expect(zedProvider.detect({ path: '/x/threads/threads.db', head: 'SQLite format 3\u0000…' })).toBe(true);
    expect(zedProvider.detect({ path: '/x/threads/threads.db', head: '{"title":"x"}' })).toBe(false);
    expect(zedProvider.detect({ path: '/x/opencode.db', head: 'SQLite format 3\u0000…' })).toBe(false);
  });

  it('finds threads.db in each Zed data folder and nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const linux = threadsDb(home, []);
    const macDir = path.join(home, 'Library', 'Application Support', 'Zed', 'threads');
    mkdirSync(macDir, { recursive: true });
    const mac = path.join(macDir, 'threads.db');
    new Database(mac).close();
    mkdirSync(path.join(home, '.local', 'share', 'zed', 'db', '0-stable'), { recursive: true });
    new Database(path.join(home, '.local', 'share', 'zed', 'db', '0-stable', 'db.sqlite')).close();
    expect(await zedProvider.locate(home)).toEqual([linux, mac].sort());
    expect(await zedProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('archives every thread of the store, the subagent under its parent', () => {
    const home = path.join(tmp, 'sync-home');
    threadsDb(home, rows);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), XDG_DATA_HOME: '', LOCALAPPDATA: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const listed = dejavuJson<{ id: string; agent: string; parentId?: string }[]>(['list'], env);
    expect(listed.map((c) => [c.id, c.agent, c.parentId ?? null]).sort()).toEqual([
      [`zed_${CHILD}`, 'zed', `zed_${MAIN}`],
      [`zed_${MAIN}`, 'zed', null],
      [`zed_${OLD}`, 'zed', null],
      [`zed_${OLDEST}`, 'zed', null],
    ].sort());
    const main = dejavuJson<Conversation>(['show', `zed_${MAIN}`], env);
    expect(main.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail? See @build.log', 'now run the linter']);
    expect(parts(main, 'assistant').filter((p) => p.type === 'tool_call')).toHaveLength(3);
  });
});
