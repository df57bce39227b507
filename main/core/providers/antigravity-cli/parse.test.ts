/**
 * No real Antigravity CLI file is in the fixtures. The steps below follow what public readers of
 * real `agy` homes record (vshulcz/deja-vu internal/sources/antigravity.go and its tests at
 * b264ec72, agy 1.1.x; tenequm/pond docs/adapters/agy.md at 4635b4d7, agy 1.2.0): one JSON step
 * per line, `{step_index, source, type, created_at, content, thinking?, tool_calls?: [{name,
 * args}]}`; the store `conversations/<uuid>.db` (SQLite of protobuf rows) or, in older builds,
 * an encrypted `<uuid>.pb`; `conversation_summaries.db` (a table with `conversation_id`,
 * `title`, `preview`, `step_count`; its table name was not seen, the reader finds it by its
 * columns), `cache/last_conversations.json` (`{"<cwd>": "<id>"}`), `history.jsonl` lines (`{display,
 * ts, workspace}`, or `{…, workspace, conversationId}` as a reader of agy homes reads them) and, for a subagent, the
 * parent's `brain/<parent>/.system_generated/subagents/<child>.json` (pond; its content unseen).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { antigravityCliProvider } from './index';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, writeFileIn } from '../../../../test/provider-kit';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(antigravityCliProvider);

const ID = '466edf86-7209-42be-84e5-b3221cb109b4';
const PB_ONLY = '0c1d2e3f-0000-4000-8000-000000000001';
const DB_ONLY = '0c1d2e3f-0000-4000-8000-000000000002';
const CHILD = '7f3e9a10-5b2c-4d8e-9f01-23456789abcd';
const CWD = '/home/me/work/api-gateway';

const steps = [
  { step_index: 0, source: 'USER_EXPLICIT', type: 'USER_INPUT', created_at: '2026-07-20T10:00:00Z', content: '<USER_REQUEST>\nwhy does the retry loop spin?\n<USER_SETTINGS_CHANGE>{"mode":"plan"}</USER_SETTINGS_CHANGE>\n<ADDITIONAL_METADATA>{"cwd":"/x"}</ADDITIONAL_METADATA>\n</USER_REQUEST>' },
  { step_index: 1, source: 'SYSTEM', type: 'SYSTEM_MESSAGE', created_at: '2026-07-20T10:00:00Z', content: 'Subagents were stopped by the restart.' },
  {
    step_index: 2,
    source: 'MODEL',
    type: 'PLANNER_RESPONSE',
    created_at: '2026-07-20T10:00:01Z',
    thinking: 'Read the retry code first.',
    content: 'Let me read the file and run the tests.',
    tool_calls: [
      { name: 'view_file', args: { AbsolutePath: `${CWD}/retry.go` } },
      { name: 'run_command', args: '{"CommandLine":"go test ./...","Cwd":"/home/me/work/api-gateway"}' },
    ],
  },
  { step_index: 3, source: 'MODEL', type: 'VIEW_FILE', created_at: '2026-07-20T10:00:02Z', content: `Created At: 2026-07-20T10:00:02Z\nFile Path: \`file://${CWD}/retry.go\`\nfor { retry() }` },
  { step_index: 4, source: 'MODEL', type: 'RUN_COMMAND', created_at: '2026-07-20T10:00:03Z', content: 'Created At: 2026-07-20T10:00:03Z\nTask Description: go test ./...\nOutput:\nFAIL\tretry' },
  { step_index: 5, source: 'MODEL', type: 'PLANNER_RESPONSE', created_at: '2026-07-20T10:00:04Z', content: 'The loop never backs off; add a sleep.' },
  { step_index: 6, source: 'USER_EXPLICIT', type: 'USER_INPUT', created_at: '2026-07-20T10:01:00Z', content: '<USER_REQUEST>\nthanks\n</USER_REQUEST>' },
];
const transcript = `${steps.map((s) => JSON.stringify(s)).join('\n')}\n`;
const childTranscript = `${[
  { step_index: 0, source: 'USER_EXPLICIT', type: 'USER_INPUT', created_at: '2026-07-20T10:00:05Z', content: '<USER_REQUEST>\nfind every caller of retry()\n</USER_REQUEST>' },
  { step_index: 1, source: 'MODEL', type: 'PLANNER_RESPONSE', created_at: '2026-07-20T10:00:09Z', content: 'Two callers: client.go and worker.go.' },
]
  .map((s) => JSON.stringify(s))
  .join('\n')}\n`;

/**
 * An agy home: one conversation with its transcript and side files, a subagent it started, one
 * only as an encrypted .pb, one only as a .db.
 */
function agyHome(home: string): { transcriptFile: string; root: string } {
  const root = path.join(home, '.gemini', 'antigravity-cli');
  const transcriptFile = writeFileIn(path.join(root, 'brain', ID, '.system_generated', 'logs', 'transcript_full.jsonl'), transcript);
  writeFileIn(path.join(root, 'brain', ID, '.system_generated', 'logs', 'transcript.jsonl'), transcript);
  writeFileIn(path.join(root, 'brain', CHILD, '.system_generated', 'logs', 'transcript_full.jsonl'), childTranscript);
  writeFileIn(path.join(root, 'brain', ID, '.system_generated', 'subagents', `${CHILD}.json`), '{}');
  writeFileIn(path.join(root, 'brain', ID, 'implementation_plan.md'), '# Fix the retry loop\n\n1. Add exponential back-off.\n');
  writeFileIn(path.join(root, 'cache', 'last_conversations.json'), JSON.stringify({ [CWD]: ID }));
  writeFileIn(path.join(root, 'history.jsonl'), '{}\n');
  writeFileIn(path.join(root, 'antigravity-oauth-token'), 'secret');
  storeDb(path.join(root, 'conversations', `${ID}.db`));
  writeFileIn(path.join(root, 'conversations', `${PB_ONLY}.pb`), randomBytes(256).toString('latin1'));
  storeDb(path.join(root, 'conversations', `${DB_ONLY}.db`));
  const summaries = new Database(path.join(root, 'conversation_summaries.db'));
  summaries.exec('CREATE TABLE conversation_summaries (conversation_id TEXT PRIMARY KEY, title TEXT, preview TEXT, step_count INTEGER, last_modified_time INTEGER)');
  summaries.prepare('INSERT INTO conversation_summaries VALUES (?, ?, ?, ?, ?)').run(ID, 'Retry loop spins', 'why does the retry loop spin?', 7, 1784541660);
  summaries.close();
  return { transcriptFile, root };
}

/** The store's tables as pond describes them; the rows are protobuf the reader does not decode. */
function storeDb(file: string): void {
  writeFileIn(file, '');
  const db = new Database(file);
  db.exec('PRAGMA user_version = 1; CREATE TABLE steps (idx INTEGER PRIMARY KEY, step_type INTEGER, status INTEGER, step_payload BLOB); CREATE TABLE trajectory_meta (trajectory_id TEXT, cascade_id TEXT)');
  db.close();
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await antigravityCliProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('antigravity-cli provider: a transcript built from the observed step shape', () => {
  const { transcriptFile } = agyHome(path.join(tmp, 'h1'));

  it('reads typed prompts without agy wrapping, answers, thinking, tool calls and their runs', async () => {
    const c = await parseOne(transcriptFile);
    expectOutlineGolden('antigravity-cli', [c]); // test/golden/outline/antigravity-cli.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([[{ type: 'text', content: 'why does the retry loop spin?' }], [{ type: 'text', content: 'thanks' }]]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([{ type: 'reasoning', content: 'Read the retry code first.' }]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'S2#1', name: 'view_file', arguments: JSON.stringify({ AbsolutePath: `${CWD}/retry.go` }) },
      { type: 'tool_call', id: 'S2#2', name: 'run_command', arguments: '{"CommandLine":"go test ./...","Cwd":"/home/me/work/api-gateway"}' },
    ]);
    const results = parts(c, 'tool');
    expect(results.map((p) => p.type === 'tool_call_response' && p.id)).toEqual(['S2#1', 'S2#2']);
    expect(results[1]).toMatchObject({ response: expect.stringContaining('FAIL\tretry') });
    expectToolResultsJoined(c);
    expect(c.messages.find((m) => m.role === 'system')).toMatchObject({ kind: 'system_message', parts: [{ type: 'text', content: 'Subagents were stopped by the restart.' }] });
    expect(c.warnings).toEqual([]);
    expectMessagesKept(c, transcriptFile);
  });

  it('takes title, workspace and plan from the files beside the transcript', async () => {
    const c = await parseOne(transcriptFile);
    expect(c).toMatchObject({ id: `antigravity-cli_${ID}`, nativeId: ID, title: 'Retry loop spins', cwd: CWD, workspace: 'api-gateway' });
    expect(c).toMatchObject({ startedAt: '2026-07-20T10:00:00Z', endedAt: '2026-07-20T10:01:00Z' });
    expect(c.messages.at(-1)).toMatchObject({ role: 'assistant', kind: 'plan', parts: [{ type: 'text', content: expect.stringContaining('exponential back-off') }] });
    expect(antigravityCliProvider.resumeCommand(c)).toEqual({ command: `agy --conversation ${ID}`, cwd: CWD });
  });

  it('files a subagent under the conversation that started it, its task not a typed prompt', async () => {
    const c = await parseOne(path.join(tmp, 'h1', '.gemini', 'antigravity-cli', 'brain', CHILD, '.system_generated', 'logs', 'transcript_full.jsonl'));
    expect(c.parentId).toBe(`antigravity-cli_${ID}`);
    expect(c.relation).toBe('subagent');
    expect(c.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task', parts: [{ type: 'text', content: 'find every caller of retry()' }] });
    expect((await parseOne(transcriptFile)).parentId).toBeUndefined();
  });

  it('takes the folder of an older conversation from history.jsonl when the cache names only the newest', async () => {
    const root = path.join(tmp, 'h5', '.gemini', 'antigravity-cli');
    const file = writeFileIn(path.join(root, 'brain', ID, '.system_generated', 'logs', 'transcript_full.jsonl'), transcript);
    writeFileIn(path.join(root, 'cache', 'last_conversations.json'), JSON.stringify({ [CWD]: DB_ONLY }));
    const history = [
      { display: 'an older build wrote no id', ts: 1784541600000, workspace: '/elsewhere' },
      { display: 'why does the retry loop spin?', timestamp: 1784541600000, workspace: '/home/me/work/billing', conversationId: ID },
    ];
    writeFileIn(path.join(root, 'history.jsonl'), `${history.map((h) => JSON.stringify(h)).join('\n')}\n`);
    expect((await parseOne(file)).cwd).toBe('/home/me/work/billing');
  });

  it('without side files: title from the first prompt, no cwd', async () => {
    const bare = writeFileIn(path.join(tmp, 'h2', '.gemini', 'antigravity-cli', 'brain', ID, '.system_generated', 'logs', 'transcript_full.jsonl'), transcript);
    const c = await parseOne(bare);
    expect(c.title).toBe('why does the retry loop spin?');
    expect(c.cwd).toBeUndefined();
  });

  it('keeps a broken line as a warning and an unknown source as a generic message, named once', async () => {
    const lines = transcript.trimEnd().split('\n');
    lines[2] = lines[2].slice(0, 50);
    lines.push(JSON.stringify({ step_index: 7, source: 'BROWSER_AGENT', type: 'NEW_THING', content: 'x' }));
    const c = await parseOne(writeFileIn(path.join(tmp, 'h3', '.gemini', 'antigravity-cli', 'brain', ID, '.system_generated', 'logs', 'transcript_full.jsonl'), `${lines.join('\n')}\n`));
    expect(c.warnings).toEqual([{ line: 3, message: expect.stringMatching(/Unreadable JSON/) }, { message: 'Unknown Antigravity step sources kept as generic messages: BROWSER_AGENT' }]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    // The runs of calls whose planner line was lost are kept, not dropped.
    expect(c.messages.filter((m) => m.kind === 'tool-step').map((m) => m.parts[0].type === 'generic' && m.parts[0].kind)).toEqual(['view_file', 'run_command']);
  });

  it('names a conversation it cannot read: an encrypted .pb, a .db with no transcript', async () => {
    const root = path.join(tmp, 'h1', '.gemini', 'antigravity-cli');
    const pb = await parseOne(path.join(root, 'conversations', `${PB_ONLY}.pb`));
    expect(pb).toMatchObject({ nativeId: PB_ONLY, messages: [] });
    expect(pb.warnings[0].message).toBe(
      `Antigravity conversation ${PB_ONLY} is stored only as conversations/${PB_ONLY}.pb, which older Antigravity builds encrypt: it cannot be read, and nothing of it is archived. Its transcript (brain/${PB_ONLY}/.system_generated/logs/transcript_full.jsonl) is missing.`,
    );
    const db = await parseOne(path.join(root, 'conversations', `${DB_ONLY}.db`));
    expect(db.warnings[0].message).toMatch(/stored only in conversations\/.+\.db \(protobuf rows, not decoded by Déjà Vu\): nothing of it is archived/);
  });
});

describe('antigravity-cli provider: detect, locate, sync', () => {
  it('detects a transcript by its first step and a store by its place, not other JSONL', () => {
    expect(antigravityCliProvider.detect({ path: 'transcript_full.jsonl', head: transcript })).toBe(true);
    expect(antigravityCliProvider.detect({ path: '/h/.gemini/antigravity-cli/conversations/a.pb', head: '\u0000\u00ff' })).toBe(true);
    expect(antigravityCliProvider.detect({ path: 'x.jsonl', head: '{"type":"user","message":{"role":"user","content":"hi"}}\n' })).toBe(false);
    expect(antigravityCliProvider.detect({ path: 'x.jsonl', head: '{"source":"USER_EXPLICIT","content":"hi","message":{}}\n' })).toBe(false);
  });

  it('finds the full transcript of each conversation, and the store of one with none; never the token', async () => {
    const home = path.join(tmp, 'h4');
    const { root } = agyHome(home);
    expect(await antigravityCliProvider.locate(home)).toEqual(
      [
        path.join(root, 'brain', ID, '.system_generated', 'logs', 'transcript_full.jsonl'),
        path.join(root, 'brain', CHILD, '.system_generated', 'logs', 'transcript_full.jsonl'),
        path.join(root, 'conversations', `${PB_ONLY}.pb`),
        path.join(root, 'conversations', `${DB_ONLY}.db`),
      ].sort(),
    );
    expect(await antigravityCliProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('dejavu sync on a home archives the conversation and names the unreadable ones', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-agy-sync-'));
    const home = path.join(work, 'home');
    agyHome(home);
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive') };
    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^4 file\(s\) found, 4 read \(.+\), 0 unchanged: 4 new, 0 updated conversation\(s\)$/m);
    expect(r.stdout).toContain('2 warning(s)');
    const listed = dejavuJson<{ id: string; agent: string; parentId?: string }[]>(['list'], env);
    expect(listed.map((c) => c.agent)).toEqual(['antigravity-cli', 'antigravity-cli', 'antigravity-cli', 'antigravity-cli']);
    expect(listed.find((c) => c.id === `antigravity-cli_${CHILD}`)?.parentId).toBe(`antigravity-cli_${ID}`);
    const shown = dejavuJson<Conversation>(['show', `antigravity-cli_${ID}`], env);
    expect(shown.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(shown.title).toBe('Retry loop spins');
    const pb = dejavuJson<Conversation>(['show', `antigravity-cli_${PB_ONLY}`], env);
    expect(pb.warnings[0].message).toContain('older Antigravity builds encrypt');
  }, 60_000);
});
