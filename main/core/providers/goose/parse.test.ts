/**
 * No real Goose session is in the fixtures. `sessions.db` is built here with the schema (v9) of
 * block/goose `crates/goose/src/session/session_manager.rs` (`create_schema`, commit dbec1655),
 * and messages serialized as `crates/goose/src/conversation/message.rs` and
 * `tool_result_serde.rs` (commit 05132966) do: `content_json` is the content array, tool calls
 * `{status, value: {name, arguments}}`, tool results `{status, value: {content, isError}}` (the
 * legacy `.jsonl` kept `value` as the content array).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { readHead } from '../../capture/read-lines';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { gooseProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp, parseAll } = providerUnderTest(gooseProvider);

const CWD = '/home/me/work/ledger';
const SESSION = '20260714_3';
const OLD = '20250301_120000';
const T = 1784030000;
const visible = { userVisible: true, agentVisible: true };

const conversation = [
  { role: 'user', created: T, content: [{ type: 'text', text: 'why is the balance negative?' }], metadata: visible },
  { role: 'assistant', created: T + 5, content: [{ type: 'thinking', thinking: 'Check the ledger sums.', signature: 'sig' }, { type: 'text', text: 'Let me look.' }, { type: 'toolRequest', id: 'toolu_1', toolCall: { status: 'success', value: { name: 'developer__shell', arguments: { command: 'grep -n balance ledger.py' } } } }], metadata: visible },
  { role: 'user', created: T + 6, content: [{ type: 'toolResponse', id: 'toolu_1', toolResult: { status: 'success', value: { content: [{ type: 'text', text: '12: balance -= fee' }], isError: false } } }], metadata: visible },
  { role: 'assistant', created: T + 9, content: [{ type: 'toolRequest', id: 'toolu_2', toolCall: { status: 'success', value: { name: 'developer__text_editor', arguments: { path: 'nope.py', command: 'view' } } } }], metadata: visible },
  { role: 'user', created: T + 10, content: [{ type: 'toolResponse', id: 'toolu_2', toolResult: { status: 'error', error: '-32603: File not found' } }], metadata: visible },
  { role: 'user', created: T + 11, content: [{ type: 'text', text: 'Summary of the conversation so far: …' }], metadata: { userVisible: false, agentVisible: true } },
  { role: 'assistant', created: T + 12, content: [{ type: 'text', text: 'The fee is subtracted twice.' }, { type: 'systemNotification', notificationType: 'inlineMessage', msg: 'Context compacted' }], metadata: visible },
];

function sessionsDb(file: string, legacyIds: readonly string[] = []): string {
  writeFileIn(file, '');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP);
    INSERT INTO schema_version (version) VALUES (9);
    CREATE TABLE sessions (id TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '', user_set_name BOOLEAN DEFAULT FALSE,
      session_type TEXT NOT NULL DEFAULT 'user', working_dir TEXT NOT NULL, created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
      updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP, extension_data TEXT DEFAULT '{}', total_tokens INTEGER, input_tokens INTEGER,
      output_tokens INTEGER, accumulated_total_tokens INTEGER, accumulated_input_tokens INTEGER, accumulated_output_tokens INTEGER,
      schedule_id TEXT, recipe_json TEXT, user_recipe_values_json TEXT, provider_name TEXT, model_config_json TEXT, tenant_id TEXT, user_id TEXT);
    CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT, message_id TEXT, session_id TEXT NOT NULL REFERENCES sessions(id), role TEXT NOT NULL,
      content_json TEXT NOT NULL, created_timestamp INTEGER NOT NULL, timestamp TIMESTAMP DEFAULT CURRENT_TIMESTAMP, tokens INTEGER, metadata_json TEXT);
  `);
  const session = db.prepare('INSERT INTO sessions (id, name, user_set_name, session_type, working_dir, created_at, updated_at, accumulated_input_tokens, accumulated_output_tokens, provider_name, model_config_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  session.run(SESSION, 'Negative balance', 0, 'user', CWD, '2026-07-14 09:13:20', '2026-07-14 09:13:32', 5200, 310, 'anthropic', JSON.stringify({ model_name: 'claude-sonnet-4-5', context_limit: 200000 }));
  for (const id of legacyIds) session.run(id, 'imported', 0, 'user', CWD, '2025-03-01 12:00:00', '2025-03-01 12:00:00', null, null, null, null);
  const message = db.prepare('INSERT INTO messages (message_id, session_id, role, content_json, created_timestamp, metadata_json) VALUES (?, ?, ?, ?, ?, ?)');
  conversation.forEach((m, i) => message.run(`msg_${i + 1}`, SESSION, m.role, JSON.stringify(m.content), m.created, JSON.stringify(m.metadata)));
  db.close();
  return file;
}

/** A legacy session file: the metadata line, then the messages (a tool result in the older array form). */
function legacyJsonl(file: string): string {
  const lines = [
    { working_dir: CWD, description: 'Set up the ledger', schedule_id: null, message_count: 3, total_tokens: 900, input_tokens: 800, output_tokens: 100 },
    { role: 'user', created: 1740830400, content: [{ type: 'text', text: 'create ledger.py' }], metadata: visible },
    { role: 'assistant', created: 1740830405, content: [{ type: 'toolRequest', id: 'toolu_9', toolCall: { status: 'success', value: { name: 'developer__text_editor', arguments: { command: 'write', path: 'ledger.py' } } } }], metadata: visible },
    { role: 'user', created: 1740830406, content: [{ type: 'toolResponse', id: 'toolu_9', toolResult: { status: 'success', value: [{ type: 'text', text: 'wrote ledger.py' }] } }], metadata: visible },
  ];
  return writeFileIn(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

describe('goose provider: sessions.db built from the v9 schema', () => {
  const file = sessionsDb(path.join(tmp, 'db', 'goose', 'sessions', 'sessions.db'));

  it('reads typed prompts, answers, thinking, tool calls and their results (errors flagged)', async () => {
    const [c, ...rest] = await parseAll(file);
    expectOutlineGolden('goose', [c]); // test/golden/outline/goose.txt, reviewed
    expect(rest).toEqual([]);
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([[{ type: 'text', content: 'why is the balance negative?' }]]);
    expect(parts(c, 'assistant').map((p) => p.type)).toEqual(['reasoning', 'text', 'tool_call', 'tool_call', 'text']);
    expect(parts(c, 'assistant').find((p) => p.type === 'tool_call')).toEqual({ type: 'tool_call', id: 'toolu_1', name: 'developer__shell', arguments: '{"command":"grep -n balance ledger.py"}' });
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'toolu_1', response: '12: balance -= fee' },
      { type: 'tool_call_response', id: 'toolu_2', response: '-32603: File not found', isError: true },
    ]);
    expectToolResultsJoined(c);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => m.kind)).toEqual(['agent-only', 'notification']);
    expect(c.warnings).toEqual([]);
    expectMessagesKept(c, file);
  });

  it('fills the conversation from the sessions row', async () => {
    const [c] = await parseAll(file);
    expect(c).toMatchObject({ id: `goose_${SESSION}`, agent: 'goose', nativeId: SESSION, cwd: CWD, workspace: 'ledger', title: 'Negative balance', models: ['claude-sonnet-4-5'] });
    expect(c).toMatchObject({ startedAt: '2026-07-14T09:13:20.000Z', endedAt: '2026-07-14T09:13:32.000Z', usage: { inputTokens: 5200, outputTokens: 310 } });
    expect(c.messages[0].timestamp).toBe(new Date(T * 1000).toISOString());
    expect(gooseProvider.resumeCommand(c)).toEqual({ command: `goose session --resume --session-id ${SESSION}`, cwd: CWD });
  });

  it('keeps a message row whose content is not JSON as a warning, and names unknown content types', async () => {
    const copy = sessionsDb(path.join(tmp, 'db2', 'goose', 'sessions', 'sessions.db'));
    const db = new Database(copy);
    db.prepare('UPDATE messages SET content_json = ? WHERE message_id = ?').run('[{"type":"text",', 'msg_7');
    db.prepare('INSERT INTO messages (message_id, session_id, role, content_json, created_timestamp, metadata_json) VALUES (?, ?, ?, ?, ?, ?)').run('msg_8', SESSION, 'assistant', '[{"type":"hologram","x":1}]', T + 20, JSON.stringify(visible));
    db.close();
    const [c] = await parseAll(copy);
    expect(c.warnings).toEqual([{ message: expect.stringMatching(/^Message row 7: content_json is not a JSON array; skipped$/) }, { message: 'Unknown Goose content types kept as generic parts: hologram' }]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });
});

describe('goose provider: legacy sessions/<name>.jsonl', () => {
  it('keeps a turn’s thinking once, and shows Goose’s nudges and a form’s answers for what they are', async () => {
    // agents/reply.rs: the thinking of a response with tool calls in a row of its own and again in
    // each call's row; FINAL_OUTPUT_CONTINUATION_MESSAGE as a user row; an elicitation form's answer
    // as the user's actionRequired; the older `reasoning` content (message.rs reads it as thinking).
    const thinking = { type: 'thinking', thinking: 'Two files need the fix.', signature: 'sig' };
    const call = (id: string, file: string) => ({ type: 'toolRequest', id, toolCall: { status: 'success', value: { name: 'developer__text_editor', arguments: { command: 'view', path: file } } } });
    const lines = [
      { working_dir: CWD, description: 'Fix both files' },
      { role: 'user', created: T, content: [{ type: 'text', text: 'fix a.py and b.py' }], metadata: visible },
      { role: 'assistant', created: T + 1, content: [thinking], metadata: visible },
      { role: 'assistant', created: T + 1, content: [thinking, call('toolu_a', 'a.py')], metadata: visible },
      { role: 'assistant', created: T + 1, content: [thinking, call('toolu_b', 'b.py')], metadata: visible },
      { role: 'user', created: T + 2, content: [{ type: 'toolResponse', id: 'toolu_b', toolResult: { status: 'success', value: { content: [{ type: 'text', text: 'ok' }], isError: false } } }], metadata: visible },
      // A later response of the same loop that happens to think the same words: its own, shown.
      { role: 'assistant', created: T + 2, content: [thinking, { type: 'text', text: 'Both fixed.' }], metadata: visible },
      { role: 'user', created: T + 2, content: [{ type: 'text', text: 'You MUST call the `final_output` tool NOW with the final output for the user.' }], metadata: visible },
      { role: 'assistant', created: T + 3, content: [{ type: 'reasoning', text: 'An older model’s reasoning.' }, { type: 'text', text: 'Which branch?' }], metadata: visible },
      { role: 'user', created: T + 4, content: [{ type: 'actionRequired', data: { actionType: 'elicitationResponse', id: 'el_1', user_data: { branch: 'main' } } }], metadata: visible },
    ];
    const [c] = await parseAll(writeFileIn(path.join(tmp, 'turns', '.local', 'share', 'goose', 'sessions', '20260801_1.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`));
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning').map((p) => p.type === 'reasoning' && p.content)).toEqual(['Two files need the fix.', 'Two files need the fix.', 'An older model’s reasoning.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toHaveLength(2);
    expect(c.messages.find((m) => m.kind === 'nudge')?.role).toBe('system');
    const users = c.messages.filter((m) => m.role === 'user');
    expect(users.map((m) => m.parts.map((p) => (p.type === 'text' ? p.content : p.type === 'generic' ? `${p.kind}:${p.content}` : p.type)))).toEqual([['fix a.py and b.py'], ['elicitation-response:{"branch":"main"}']]);
    expect(c.warnings).toEqual([]);
  });

  it('shows a prompt once when a compaction kept it for the person and gave the model a copy', async () => {
    // context_mgmt compact_messages: every earlier row hidden from the model, the summary, a fresh copy of the last prompt.
    const shownOnly = { userVisible: true, agentVisible: false };
    const say = (role: string, text: string, metadata: object, at: number) => ({ role, created: T + at, content: [{ type: 'text', text }], metadata });
    const lines = [
      { working_dir: CWD, description: 'Long loop' },
      say('user', 'run the tests', shownOnly, 0),
      say('assistant', 'Running.', shownOnly, 1),
      say('user', 'yes', shownOnly, 2),
      say('assistant', 'Fixing.', shownOnly, 3),
      say('user', 'Summary: tests fixed.', { userVisible: false, agentVisible: true }, 4),
      say('user', 'yes', visible, 4),
      say('assistant', 'Done.', visible, 5),
      say('user', 'run the tests', visible, 6),
      say('user', 'yes', visible, 7),
      // Compacted right after it was typed: the prompt hidden from both, the copy all the person sees of it.
      say('user', 'deploy', { userVisible: false, agentVisible: false }, 8),
      say('user', 'Summary: deploying.', { userVisible: false, agentVisible: true }, 9),
      say('user', 'deploy', visible, 9),
    ];
    const [c] = await parseAll(writeFileIn(path.join(tmp, 'compacted', '.local', 'share', 'goose', 'sessions', '20260802_1.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['run the tests', 'yes', 'run the tests', 'yes', 'deploy']);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => [m.kind, textOf(m)])).toEqual([
      ['agent-only', 'Summary: tests fixed.'],
      ['prompt-copy', 'yes'],
      ['hidden', 'deploy'],
      ['agent-only', 'Summary: deploying.'],
    ]);
  });

  it('reads the metadata line and the messages, the older tool result form too', async () => {
    const file = legacyJsonl(path.join(tmp, 'legacy', 'goose', 'sessions', `${OLD}.jsonl`));
    const [c] = await parseAll(file);
    expect(c).toMatchObject({ nativeId: OLD, cwd: CWD, title: 'Set up the ledger' });
    expect(c.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expect(parts(c, 'tool')).toEqual([{ type: 'tool_call_response', id: 'toolu_9', response: 'wrote ledger.py' }]);
    expectToolResultsJoined(c);
  });
});

describe('goose provider: detect, locate, sync', () => {
  it('detects sessions.db in a goose folder and a session JSONL, not other files', async () => {
    const db = sessionsDb(path.join(tmp, 'd', 'goose', 'sessions', 'sessions.db'));
    expect(gooseProvider.detect({ path: db, head: await readHead(db) })).toBe(true);
    expect(gooseProvider.detect({ path: '/x/other/sessions.db', head: await readHead(db) })).toBe(false);
    const legacy = legacyJsonl(path.join(tmp, 'd', 'goose', 'sessions', `${OLD}.jsonl`));
    expect(gooseProvider.detect({ path: legacy, head: await readHead(legacy) })).toBe(true);
    expect(gooseProvider.detect({ path: 'x.jsonl', head: '{"type":"user","message":{"role":"user","content":"hi"}}\n' })).toBe(false);
  });

  it('finds sessions.db and the legacy files it did not import', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(home, '.local', 'share', 'goose', 'sessions');
    sessionsDb(path.join(root, 'sessions.db'), [OLD]);
    legacyJsonl(path.join(root, `${OLD}.jsonl`));
    const kept = legacyJsonl(path.join(root, '20250302_080000.jsonl'));
    expect(await gooseProvider.locate(home)).toEqual([path.join(root, 'sessions.db'), kept].sort());
    expect(await gooseProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('dejavu sync on a home archives every Goose session once', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-goose-sync-'));
    const home = path.join(work, 'home');
    const root = path.join(home, '.local', 'share', 'goose', 'sessions');
    sessionsDb(path.join(root, 'sessions.db'), [OLD]);
    legacyJsonl(path.join(root, `${OLD}.jsonl`));
    legacyJsonl(path.join(root, '20250302_080000.jsonl'));
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive'), XDG_DATA_HOME: path.join(home, '.local', 'share') };
    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^2 file\(s\) found, 2 read \(.+\), 0 unchanged: 3 new, 0 updated conversation\(s\)$/m);
    const listed = dejavuJson<{ id: string; agent: string }[]>(['list', '--agent', 'goose'], env);
    expect(listed.map((c) => c.id).sort()).toEqual([`goose_${OLD}`, 'goose_20250302_080000', `goose_${SESSION}`].sort());
    const shown = dejavuJson<Conversation>(['show', `goose_${SESSION}`], env);
    expect(shown.messages.filter((m) => m.role === 'tool')).toHaveLength(2);
  }, 60_000);
});
