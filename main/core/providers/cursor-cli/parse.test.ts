import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { buildStore } from '../../../../test/cursor-store';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { readHead } from '../../capture/read-lines';
import { conversationId } from '../kit/identity';
import { cursorCliProvider } from './index';
import { counts, parts, providerUnderTest, textOf } from '../../../../test/provider-kit';

const kit = providerUnderTest(cursorCliProvider);
const { tmp, row } = kit;
const parseMain = (file: string): Promise<Conversation> => kit.parseMain(file, 1);

describe('cursor-cli provider: transcripts', () => {
  it('shows the typed query without its wrapper and keeps the gathered context as system', async () => {
    const r = row(52);
    const c = await parseMain(r.absPath);
    const typed = c.messages.filter((m) => m.role === 'user');
    expect(textOf(typed[0])).toBe('review changes in https://github.com/entireio/cli/pull/688 ');
    expect(textOf(typed[3])).toBe('```\n@attach_test.go (441-450) \n```\n\nwhy the `tt := tt`?');
    for (const m of c.messages) expect(textOf(m)).not.toContain('<user_query>');
    // …while the native record is the line as written.
    expect(typed[0].native).toContain('<user_query>');
    expect(c.messages.filter((m) => m.role === 'system').map((m) => m.kind)).toEqual(['external-links', 'attached-files', 'external-links']);
    // Context and query from one line: context first, both with that line as native.
    expect(c.messages.slice(0, 2).map((m) => m.id)).toEqual(['L1', 'L1.1']);
    expect(c.messages[0].native).toBe(c.messages[1].native);
    expect(c.title).toBe('review changes in https://github.com/entireio/cli/pull/688');
    // The file name is the only id, and `full` is not one: the path's digest keeps it unique.
    expect(c.nativeId).toMatch(/^full-[0-9a-f]{12}$/);
    expect(c.id).toBe(conversationId('cursor-cli', c.nativeId));
    expect(c.sources).toEqual([r.absPath]);
    expect(c.endedAt).toBeTruthy(); // no timestamps in the file: the file's last write
    for (const m of c.messages) expect(m.source).toBe(0);
  });

  it('gives tool_use blocks without ids a stable id', async () => {
    const r = row(53);
    const first = await parseMain(r.absPath);
    const again = await parseMain(r.absPath);
    const call = parts(first, 'assistant').find((p) => p.type === 'tool_call')!;
    expect(call).toMatchObject({ type: 'tool_call', id: 'cursor_L2_1', name: 'Write' });
    expect(JSON.parse(call.type === 'tool_call' ? call.arguments : '')).toMatchObject({ path: expect.stringMatching(/testing-cursor\.md$/) });
    expect(parts(again, 'assistant').find((p) => p.type === 'tool_call')).toEqual(call);
  });

  it('skips a truncated line with a warning and keeps the rest', async () => {
    const lines = readFileSync(row(53).absPath, 'utf8').split('\n');
    lines[1] = lines[1].slice(0, 70);
    const file = path.join(tmp, 'broken.jsonl');
    writeFileSync(file, lines.join('\n'));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ line: 2, message: expect.stringMatching(/Unreadable JSON/) }]);
    expect(counts(c)).toEqual({ typed: 2, texts: 2, calls: 0 });
  });

  it('keeps unknown roles and blocks as generic with one warning naming them', async () => {
    const lines = readFileSync(row(53).absPath, 'utf8').split('\n').filter(Boolean);
    const file = path.join(tmp, 'unknown.jsonl');
    writeFileSync(file, [...lines, '{"role":"critic","message":{"content":[{"type":"text","text":"hm"}]}}', '{"role":"assistant","message":{"content":[{"type":"canvas","id":"c"}]}}', ''].join('\n'));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ message: expect.stringContaining('block:canvas, role:critic') }]);
    expect(c.messages.at(-2)).toMatchObject({ role: 'system', kind: 'unknown' });
    expect(c.messages.at(-1)!.parts[0]).toMatchObject({ type: 'generic', kind: 'canvas' });
  });

  it('treats plain user text as typed only in a transcript that never wraps a query', async () => {
    const file = path.join(tmp, 'plain.jsonl');
    writeFileSync(file, '{"role":"user","message":{"content":[{"type":"text","text":"<user_info>OS: linux\\nWorkspace Path: /home/ada/proj\\n</user_info>"}]}}\n{"role":"user","message":{"content":[{"type":"text","text":"fix the build"}]}}\n');
    const c = await parseMain(file);
    expect(c.messages.map((m) => `${m.role}:${m.kind ?? ''}`)).toEqual(['system:user-info', 'user:']);
    expect(c.cwd).toBe('/home/ada/proj');
    expect(c.workspace).toBe('proj');
  });
});

const storeMessages = [
  { role: 'system', content: 'You are a coding agent.' },
  { role: 'user', content: [{ type: 'text', text: '<user_info>OS: linux\nWorkspace Path: /home/ada/My Project\n</user_info>\n<user_query>\nwhy is the build flaky?\n</user_query>' }] },
  { role: 'assistant', content: [{ type: 'reasoning', text: 'Check the tests.' }, { type: 'text', text: 'Let me look.' }, { type: 'tool-call', toolCallId: 'call_1', toolName: 'Shell', args: { command: 'npm test' } }] },
  { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'Shell', result: 'FAIL src/a.test.ts', isError: true }] },
  { role: 'assistant', content: [{ type: 'text', text: 'A race in a.test.ts.' }] },
  { role: 'user', content: [{ type: 'text', text: '<user_query>yes</user_query>' }] },
  { role: 'user', content: [{ type: 'text', text: '<user_query>yes</user_query>' }] },
];

describe('cursor-cli provider: chat store (store.db, layout from source)', () => {
  it('reads the messages in root order, read-only', async () => {
    const dir = path.join(tmp, 'home', '.cursor', 'chats', 'a'.repeat(32), 'f1ff7b74-0a28-4dd4-a452-e01ae080eb20');
    const file = buildStore(dir, storeMessages);
    const before = readFileSync(file);
    const c = await parseMain(file);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(c.warnings).toEqual([]);
    expect(c.nativeId).toBe('f1ff7b74-0a28-4dd4-a452-e01ae080eb20');
    expect(c.title).toBe('Fix flaky build');
    expect(c.models).toEqual(['gpt-5']);
    expect(c.startedAt).toBe(new Date(1781256145540).toISOString());
    expect(c.cwd).toBe('/home/ada/My Project');
    expect(c.workspace).toBe('My Project');
    expect(c.messages.map((m) => `${m.role}:${m.kind ?? ''}`)).toEqual([
      'system:system-prompt',
      'system:user-info',
      'user:',
      'assistant:',
      'tool:',
      'assistant:',
      'user:',
      'user:',
    ]);
    expect(counts(c)).toEqual({ typed: 3, texts: 2, calls: 1 });
    expect(textOf(c.messages[2])).toBe('why is the build flaky?');
    expect(c.messages[3].parts[0]).toEqual({ type: 'reasoning', content: 'Check the tests.' });
    expect(parts(c, 'tool')).toEqual([{ type: 'tool_call_response', id: 'call_1', response: 'FAIL src/a.test.ts', isError: true }]);
    // The same message twice is one blob (content-addressed) but two messages with their own ids.
    expect(new Set(c.messages.map((m) => m.id)).size).toBe(c.messages.length);
    expect(cursorCliProvider.resumeCommand(c)).toEqual({ command: 'cursor-agent --resume f1ff7b74-0a28-4dd4-a452-e01ae080eb20', cwd: '/home/ada/My Project' });
  });

  it('warns about a missing message blob and keeps the others', async () => {
    const file = buildStore(path.join(tmp, 'missing-blob', 'chat-1'), storeMessages, { dropMessage: 4 });
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ message: expect.stringMatching(/listed by the root is missing/) }]);
    expect(counts(c)).toEqual({ typed: 3, texts: 1, calls: 1 });
  });

  it('falls back to storage order, with a warning, when the root blob is gone', async () => {
    const file = buildStore(path.join(tmp, 'no-root', 'chat-2'), storeMessages, { root: 'missing' });
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ message: expect.stringMatching(/root blob missing/) }]);
    // The duplicate "yes" blob exists once in storage.
    expect(counts(c)).toEqual({ typed: 2, texts: 2, calls: 1 });
  });

  it('reports an unreadable store as a warning, never a throw', async () => {
    const dir = path.join(tmp, 'bad', 'chat-3');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'store.db'), Buffer.concat([Buffer.from('SQLite format 3\u0000'), Buffer.alloc(100, 7)]));
    const c = await parseMain(path.join(dir, 'store.db'));
    expect(c.messages).toEqual([]);
    expect(c.warnings).toEqual([{ message: expect.stringMatching(/could not be read/) }]);
  });
});

describe('cursor-cli provider: detect, locate, resume', () => {

  it('detects a chat store by its schema, and other SQLite files not', async () => {
    const store = buildStore(path.join(tmp, 'detect', 'chat-4'), storeMessages);
    expect(cursorCliProvider.detect({ path: store, head: await readHead(store) })).toBe(true);
    const other = path.join(tmp, 'detect', 'other.db');
    const db = new Database(other);
    db.exec('CREATE TABLE sessions (id TEXT)');
    db.close();
    expect(cursorCliProvider.detect({ path: other, head: await readHead(other) })).toBe(false);
  });

  it('finds transcripts (flat and nested, JSONL and the older .txt) and chat stores, and nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const transcripts = path.join(home, '.cursor', 'projects', 'Users-ada-proj', 'agent-transcripts');
    mkdirSync(path.join(transcripts, 'nested-id'), { recursive: true });
    writeFileSync(path.join(transcripts, 'flat-id.jsonl'), '');
    writeFileSync(path.join(transcripts, 'nested-id', 'nested-id.jsonl'), '');
    writeFileSync(path.join(transcripts, 'old-id.txt'), '');
    // A chat written both ways is read from its JSONL only.
    writeFileSync(path.join(transcripts, 'flat-id.txt'), '');
    writeFileSync(path.join(transcripts, 'nested-id', 'nested-id.txt'), '');
    const chat = path.join(home, '.cursor', 'chats', 'b'.repeat(32), 'chat-id');
    mkdirSync(chat, { recursive: true });
    writeFileSync(path.join(chat, 'store.db'), '');
    writeFileSync(path.join(chat, 'meta.json'), '{}');
    writeFileSync(path.join(home, '.cursor', 'cli-config.json'), '{}');
    writeFileSync(path.join(home, '.cursor', 'auth.json'), '{}');
    writeFileSync(path.join(transcripts, 'api_key'), '');
    const found = await cursorCliProvider.locate(home);
    expect(found.map((f) => path.relative(home, f)).sort()).toEqual([
      path.join('.cursor', 'chats', 'b'.repeat(32), 'chat-id', 'store.db'),
      path.join('.cursor', 'projects', 'Users-ada-proj', 'agent-transcripts', 'flat-id.jsonl'),
      path.join('.cursor', 'projects', 'Users-ada-proj', 'agent-transcripts', 'nested-id', 'nested-id.jsonl'),
      path.join('.cursor', 'projects', 'Users-ada-proj', 'agent-transcripts', 'old-id.txt'),
    ]);
    expect(await cursorCliProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('reads cwd and title from the chat sidecar for a transcript', async () => {
    const home = path.join(tmp, 'sidecar-home');
    const transcript = path.join(home, '.cursor', 'projects', 'home-ada-proj', 'agent-transcripts', 'chat-9.jsonl');
    mkdirSync(path.dirname(transcript), { recursive: true });
    writeFileSync(transcript, readFileSync(row(53).absPath));
    const chat = path.join(home, '.cursor', 'chats', 'c'.repeat(32), 'chat-9');
    mkdirSync(chat, { recursive: true });
    // meta.json fields as readers of the CLI's sidecar parse them (cwd, title, createdAtMs, updatedAtMs).
    writeFileSync(path.join(chat, 'meta.json'), JSON.stringify({ cwd: '/home/ada/proj', title: 'Testing file', createdAtMs: 1774896953441, updatedAtMs: 1774896980093 }));
    const c = await parseMain(transcript);
    expect(c).toMatchObject({ cwd: '/home/ada/proj', workspace: 'proj', title: 'Testing file', startedAt: '2026-03-30T18:55:53.441Z', endedAt: '2026-03-30T18:56:20.093Z' });
    expect(cursorCliProvider.resumeCommand(c)).toEqual({ command: 'cursor-agent --resume chat-9', cwd: '/home/ada/proj' });
  });
});
