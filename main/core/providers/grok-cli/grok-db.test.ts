/**
 * superagent-ai/grok-cli keeps its sessions in `~/.grok/grok.db` (src/storage/db.ts). No real
 * database was found: this one has the tables of its migrations.ts (user_version 3) and rows as
 * transcript.ts appendMessages writes them, AI SDK ModelMessages as `message_json`.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveReader } from '../../access/archive-reader';
import { readHead } from '../../capture/read-lines';
import { sync } from '../../capture/sync';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { grokCliProvider } from './index';

const { tmp, parseAll } = providerUnderTest(grokCliProvider);
const SESSION = '6b1f0c2e9a7d';
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function grokDb(home: string): string {
  const dir = path.join(home, '.grok');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'grok.db');
  const db = new Database(file);
  db.exec(`
    CREATE TABLE workspaces (id TEXT PRIMARY KEY, scope_key TEXT NOT NULL UNIQUE, canonical_path TEXT NOT NULL, git_root TEXT, display_name TEXT NOT NULL, last_seen_at TEXT NOT NULL) STRICT;
    CREATE TABLE sessions (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, title TEXT, recap_text TEXT, recap_model TEXT, recap_updated_at TEXT, model TEXT NOT NULL,
      mode TEXT NOT NULL, cwd_at_start TEXT NOT NULL, cwd_last TEXT NOT NULL, status TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL) STRICT;
    CREATE TABLE messages (session_id TEXT NOT NULL, seq INTEGER NOT NULL, role TEXT NOT NULL, message_json TEXT NOT NULL, created_at TEXT NOT NULL, PRIMARY KEY (session_id, seq)) STRICT;
    CREATE TABLE usage_events (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, message_seq INTEGER, source TEXT NOT NULL, model TEXT NOT NULL,
      input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0, total_tokens INTEGER NOT NULL DEFAULT 0, cost_micros INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL) STRICT;
    CREATE TABLE compactions (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, first_kept_seq INTEGER NOT NULL, summary TEXT NOT NULL, tokens_before INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL) STRICT;
    PRAGMA user_version = 3;
  `);
  db.prepare('INSERT INTO workspaces VALUES (?, ?, ?, ?, ?, ?)').run('w1', '/home/me/shop', '/home/me/shop', '/home/me/shop', 'shop', '2026-10-01T09:00:00.000Z');
  db.prepare('INSERT INTO sessions (id, workspace_id, title, model, mode, cwd_at_start, cwd_last, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    SESSION, 'w1', null, 'grok-code-fast-1', 'agent', '/home/me/shop', '/home/me/shop', 'active', '2026-10-01T09:00:00.000Z', '2026-10-01T09:05:00.000Z',
  );
  const add = db.prepare('INSERT INTO messages VALUES (?, ?, ?, ?, ?)');
  const rows: object[] = [
    { role: 'user', content: 'why does checkout fail?' },
    { role: 'assistant', content: [{ type: 'reasoning', text: 'Check the cart total first.' }, { type: 'text', text: 'Let me look.' }, { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'cart.ts' } }, { type: 'tool-call', toolCallId: 'call_2', toolName: 'bash', input: { command: 'npm test' } }] },
    { role: 'tool', content: [
      { type: 'tool-result', toolCallId: 'call_1', toolName: 'read_file', output: { type: 'json', value: { success: true, output: 'export const total = 0;' } } },
      { type: 'tool-result', toolCallId: 'call_2', toolName: 'bash', output: { type: 'error-text', value: 'exit code 1' } },
    ] },
    // vision-input.ts: the picked image's bytes as a Uint8Array (JSON writes its indexes), then the text.
    { role: 'user', content: [{ type: 'file', data: Object.fromEntries([...PNG].map((b, i) => [String(i), b])), mediaType: 'image/png' }, { type: 'text', text: 'here is the error' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'The total is never computed.' }] },
  ];
  rows.forEach((r, i) => add.run(SESSION, i + 1, (r as { role: string }).role, JSON.stringify(r), new Date(Date.parse('2026-10-01T09:00:00.000Z') + i * 60_000).toISOString()));
  const usage = db.prepare('INSERT INTO usage_events (session_id, message_seq, source, model, input_tokens, output_tokens, total_tokens, created_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?)');
  usage.run(SESSION, 'message', 'grok-4-fast', 1200, 80, 1280, '2026-10-01T09:01:00.000Z');
  usage.run(SESSION, 'message', 'grok-code-fast-1', 1500, 40, 1540, '2026-10-01T09:05:00.000Z');
  // transcript.ts appendCompaction: the summary apart, naming the first message it kept.
  db.prepare('INSERT INTO compactions (session_id, first_kept_seq, summary, tokens_before, created_at) VALUES (?, ?, ?, ?, ?)').run(SESSION, 4, 'Checked cart.ts; tests fail.', 90000, '2026-10-01T09:03:30.000Z');
  db.close();
  return file;
}

describe('grok-cli provider: superagent-ai’s Grok CLI (~/.grok/grok.db)', () => {
  it('reads every prompt, answer, call and result, and the compaction summary as the harness’s', async () => {
    const file = grokDb(path.join(tmp, 'home'));
    const [c, ...rest] = await parseAll(file);
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ agent: 'grok-cli', nativeId: SESSION, cwd: '/home/me/shop', title: 'why does checkout fail?', usage: { inputTokens: 2700, outputTokens: 120 } });
    expect([...c.models].sort()).toEqual(['grok-4-fast', 'grok-code-fast-1']);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['why does checkout fail?', 'here is the error']);
    expect(c.messages.filter((m) => m.role === 'user')[1].parts).toContainEqual({ type: 'blob', modality: 'image', mimeType: 'image/png', content: Buffer.from(PNG).toString('base64') });
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Let me look.', 'The total is never computed.']);
    const parts = c.messages.flatMap((m) => m.parts);
    expect(parts.filter((p) => p.type === 'tool_call').map((p) => p.type === 'tool_call' && p.name)).toEqual(['read_file', 'bash']);
    expect(parts.filter((p) => p.type === 'tool_call_response')).toEqual([
      { type: 'tool_call_response', id: 'call_1', response: 'export const total = 0;' },
      { type: 'tool_call_response', id: 'call_2', response: 'exit code 1', isError: true },
    ]);
    expect(parts).toContainEqual({ type: 'reasoning', content: 'Check the cart total first.' });
    // The summary sits before the first message it kept.
    expect(c.messages.map((m) => m.kind ?? m.role)).toEqual(['user', 'assistant', 'tool', 'compaction-summary', 'user', 'assistant']);
    expect(textOf(c.messages[3])).toBe('Checked cart.ts; tests fail.');
  });

  it('is found and detected in the home, and archived by a sync', async () => {
    const home = path.join(tmp, 'synced');
    const file = grokDb(home);
    expect(await grokCliProvider.locate(home)).toEqual([file]);
    expect(grokCliProvider.detect({ path: file, head: await readHead(file) })).toBe(true);
    const root = path.join(tmp, 'synced-archive');
    const report = await sync({ root, sources: [home] });
    expect(report.errors).toEqual([]);
    const reader = new ArchiveReader(root);
    try {
      expect(reader.list().map((c) => [c.agent, c.nativeId, c.messageCount])).toEqual([['grok-cli', SESSION, 6]]); // five rows and the summary
    } finally {
      reader.close();
    }
  });
});
