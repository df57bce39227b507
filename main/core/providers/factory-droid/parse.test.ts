import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { conversationId } from '../kit/identity';
import { factoryDroidProvider } from './index';
import { fileParseContext } from '../../capture/parse-context';
import { counts, parts, providerUnderTest, writeFileIn } from '../../../../test/provider-kit';

const kit = providerUnderTest(factoryDroidProvider);
const { tmp, row } = kit;
const parseMain = (file: string): Promise<Conversation> => kit.parseMain(file, 1);
const write = (name: string, lines: unknown[]): string => writeFileIn(path.join(tmp, name), `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`);

describe('factory-droid provider: conversation shape', () => {
  it('fills the fields from session_start and splits injected context from the typed prompt', async () => {
    const r = row(54);
    const c = await parseMain(r.absPath);
    expect(c).toMatchObject({ id: conversationId('factory-droid', 'a31fbbb0-0922-4b2b-be85-9e9f0283a4d8'), nativeId: 'a31fbbb0-0922-4b2b-be85-9e9f0283a4d8', instance: 'host', sources: [r.absPath] });
    expect(c.parentId).toBeUndefined();
    expect(c).toMatchObject({ cwd: '/Users/ninawork/entire/test-repos/test-repo/droid-attach', workspace: 'droid-attach', startedAt: '2026-03-30T18:50:09.639Z', endedAt: '2026-03-30T18:50:10.011Z' });
    // `title` is Droid's own title; `sessionTitle` is still the "New Session" placeholder.
    expect(c.title).toBe('create a markdown file that explains this is for testing factory droid');
    expect(c.messages.map((m) => `${m.role}:${m.kind ?? ''}`)).toEqual(['system:environment-context', 'system:reminder', 'user:', 'system:notice']);
    expect(c.messages.map((m) => m.id)).toEqual(['L2', 'L2.1', 'L2.2', 'L3']);
    expect(c.messages[2].parts).toEqual([{ type: 'text', content: 'create a markdown file that explains this is for testing factory droid' }]);
    // The three messages of line 2 all keep that line as their native record.
    expect(new Set(c.messages.slice(0, 3).map((m) => m.native)).size).toBe(1);
    expect(c.messages[3].parts[0]).toMatchObject({ type: 'text', content: expect.stringMatching(/^Token limit reached/) });
    for (const m of c.messages) expect(m.source).toBe(0);
  });

  it('reads tool calls, results, thinking and usage', async () => {
    // Assistant/tool records follow the Droid session JSONL layout as public readers of
    // ~/.factory/sessions parse it (entireio/cli cmd/entire/cli/agent/factoryaidroid/transcript.go,
    // jazzyalex/agent-sessions DroidSessionParser.swift): Anthropic-style `tool_use` /
    // `tool_result` / `thinking` blocks. The real fixtures stop before any answer, so these
    // records are appended to real fixture #54.
    const real = readFileSync(row(54).absPath, 'utf8').split('\n').filter(Boolean).slice(0, 2);
    const file = write('tools/a31fbbb0.jsonl', [
      ...real,
      { type: 'message', id: 'a1', timestamp: '2026-03-30T18:50:12.000Z', parentId: '14b7187c-fdb4-4f52-9539-46fff2d45652', message: { role: 'assistant', id: 'msg_1', model: 'claude-opus-4-6', usage: { input_tokens: 10, output_tokens: 20, cache_read_input_tokens: 100, cache_creation_input_tokens: 5 }, content: [
        { type: 'thinking', thinking: 'Need a file.', signature: 'sig' },
        { type: 'text', text: 'Creating it.' },
        { type: 'tool_use', id: 'toolu_1', name: 'Create', input: { file_path: '/x/TEST.md', content: '# Test' } },
        { type: 'tool_use', id: 'toolu_2', name: 'Execute', input: { command: 'false' } },
      ] } },
      { type: 'message', id: 'u2', timestamp: '2026-03-30T18:50:13.000Z', parentId: 'a1', message: { role: 'user', content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'File created' },
        { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'exit 1' }], is_error: true },
        { type: 'text', text: '<system-reminder>Todo list is empty</system-reminder>' },
      ] } },
      { type: 'message', id: 'a2', timestamp: '2026-03-30T18:50:14.000Z', parentId: 'u2', message: { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'xx' }, { type: 'text', text: 'Done.' }] } },
    ]);
    const c = await parseMain(file);
    expect(counts(c)).toEqual({ typed: 1, texts: 2, calls: 2 });
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'toolu_1', response: 'File created' },
      { type: 'tool_call_response', id: 'toolu_2', response: 'exit 1', isError: true },
    ]);
    const calls = new Set(parts(c).flatMap((p) => (p.type === 'tool_call' ? [p.id] : [])));
    for (const p of parts(c)) if (p.type === 'tool_call_response') expect(calls.has(p.id)).toBe(true);
    expect(parts(c, 'assistant').find((p) => p.type === 'tool_call')).toEqual({ type: 'tool_call', id: 'toolu_1', name: 'Create', arguments: '{"file_path":"/x/TEST.md","content":"# Test"}' });
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([
      { type: 'reasoning', content: 'Need a file.' },
      { type: 'reasoning', content: '', redacted: true },
    ]);
    expect(c.messages.find((m) => m.kind === 'reminder' && m.timestamp === '2026-03-30T18:50:13.000Z')!.role).toBe('system');
    expect(c.models).toEqual(['claude-opus-4-6']);
    expect(c.usage).toEqual({ inputTokens: 10, outputTokens: 20, cacheReadTokens: 100, cacheWriteTokens: 5 });
  });

  it('takes the model and token totals from the settings sidecar', async () => {
    // `<id>.settings.json` fields as documented by readers of ~/.factory/sessions
    // (entireio/cli transcript.go ExtractModelFromTranscript: `model`, "custom:" prefix).
    const file = write('sidecar/a31fbbb0.jsonl', readFileSync(row(54).absPath, 'utf8').split('\n').filter(Boolean));
    writeFileSync(path.join(tmp, 'sidecar', 'a31fbbb0.settings.json'), JSON.stringify({ model: 'custom:Claude-Opus-4.6', reasoningEffort: 'none', tokenUsage: { inputTokens: 73400, outputTokens: 47485, cacheCreationTokens: 0, cacheReadTokens: 3518842, thinkingTokens: 0 } }));
    const c = await parseMain(file);
    expect(c.models).toEqual(['Claude-Opus-4.6']);
    expect(c.usage).toEqual({ inputTokens: 73400, outputTokens: 47485, cacheWriteTokens: 0, cacheReadTokens: 3518842, reasoningTokens: 0 });
  });

  it('links a Worker session to the session and tool call that started it', async () => {
    // session_start of a Worker as entireio/cli subagent_session_test.go quotes it verbatim.
    const file = write('worker/30b34828.jsonl', [
      '{"type":"session_start","id":"30b34828-e462-45c9-b63c-bfefb6bd178f","title":"# Task Tool Invocation Subagent type: worker Task description: Create red.md and commit ## Context You are a specialized subagent invoked by another a...","sessionTitle":"worker: Create red.md and commit","isSessionTitleManuallySet":true,"owner":"soph","callingSessionId":"0b34cbcb-108c-4800-b68e-af7093c8cae9","callingToolUseId":"toolu_01SC9sRHSef1vtNFtMrX9w6T","version":2,"cwd":"/tmp/e2e-repo-948994727"}',
      { type: 'message', id: 'w1', timestamp: '2026-05-01T10:00:00.000Z', message: { role: 'user', content: [{ type: 'text', text: '# Task Tool Invocation\nSubagent type: worker\nTask description: Create red.md and commit' }] } },
      { type: 'message', id: 'w2', timestamp: '2026-05-01T10:00:05.000Z', message: { role: 'assistant', content: [{ type: 'text', text: 'Created red.md.' }] } },
    ]);
    const c = await parseMain(file);
    expect(c.parentId).toBe(conversationId('factory-droid', '0b34cbcb-108c-4800-b68e-af7093c8cae9'));
    expect(c.relation).toBe('subagent');
    expect(c.parentToolCallId).toBe('toolu_01SC9sRHSef1vtNFtMrX9w6T');
    expect(c.title).toBe('worker: Create red.md and commit');
    expect(c.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
  });
});

describe('factory-droid provider: damaged and unusual files', () => {
  const lines = readFileSync(row(55).absPath, 'utf8').split('\n').filter(Boolean);

  it('skips a truncated line with a warning and keeps the rest', async () => {
    const file = write('broken/992853e5.jsonl', [lines[0], lines[1].slice(0, 90), lines[2]]);
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ line: 2, message: expect.stringMatching(/Unreadable JSON/) }]);
    expect(c.nativeId).toBe('992853e5-a958-4070-bc5c-19fc451dfc2c');
    expect(c.messages.map((m) => m.kind)).toEqual(['notice']);
  });

  it('keeps unknown record and block types as generic with one warning naming them', async () => {
    const file = write('unknown/992853e5.jsonl', [
      ...lines,
      { type: 'todo_state', id: 't1', timestamp: '2026-03-19T19:29:05.000Z', todos: [] },
      { type: 'message', id: 'a9', timestamp: '2026-03-19T19:29:06.000Z', message: { role: 'assistant', content: [{ type: 'citation', url: 'https://x' }, { type: 'text', text: 'ok' }] } },
    ]);
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ message: expect.stringContaining('block:citation, todo_state') }]);
    expect(c.messages.find((m) => m.kind === 'unknown')!.parts[0]).toMatchObject({ type: 'generic', kind: 'todo_state' });
    expect(parts(c, 'assistant')[0]).toMatchObject({ type: 'generic', kind: 'citation' });
  });

  it('returns nothing for an empty file', async () => {
    expect(await factoryDroidProvider.parse(fileParseContext(write('empty.jsonl', [])))).toEqual([]);
  });
});

describe('factory-droid provider: detect, locate, resume', () => {

  it('finds session files only, never the settings sidecars or credentials', async () => {
    const home = path.join(tmp, 'home');
    const project = path.join(home, '.factory', 'sessions', '-Users-ada-project');
    mkdirSync(project, { recursive: true });
    writeFileSync(path.join(project, 'a31fbbb0.jsonl'), '');
    writeFileSync(path.join(project, 'a31fbbb0.settings.json'), '{}');
    writeFileSync(path.join(home, '.factory', 'sessions', 'flat.jsonl'), '');
    writeFileSync(path.join(home, '.factory', 'auth.json'), '{}');
    writeFileSync(path.join(home, '.factory', 'settings.json'), '{}');
    writeFileSync(path.join(project, 'oauth_tokens.jsonl'), '');
    const found = await factoryDroidProvider.locate(home);
    expect(found.map((f) => path.relative(home, f)).sort()).toEqual([
      path.join('.factory', 'sessions', '-Users-ada-project', 'a31fbbb0.jsonl'),
      path.join('.factory', 'sessions', 'flat.jsonl'),
    ]);
    expect(await factoryDroidProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('resumes with droid --resume <id> in the cwd', async () => {
    const c = await parseMain(row(54).absPath);
    expect(factoryDroidProvider.resumeCommand(c)).toEqual({ command: `droid --resume ${c.nativeId}`, cwd: c.cwd });
  });
});
