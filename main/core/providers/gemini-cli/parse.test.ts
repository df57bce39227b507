import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../../../shared/record';
import { counts, eachRow, parts, providerUnderTest, textOf, toolResults, writeFileIn } from '../../../../test/provider-kit';
import { readHead } from '../../capture/read-lines';
import { geminiCliProvider } from './index';
import { inInstance } from '../kit/identity';

const { rows, tmp, row, parseAll, parseMain } = providerUnderTest(geminiCliProvider);
const partsOf = parts;
const write = writeFileIn;

/**
 * Row 33 (Apr 2026 JSONL) holds three `type: "user"` records; PROVENANCE counts all three. One of
 * them is `"System: Please continue."` with a functionResponse as displayContent: the CLI sent it
 * by itself after an invalid stream (gemini-cli commit 9380e13, "remove 'System: Please continue.'
 * injection"), so it is a system message kind `continuation` here, and the person typed two.
 */
const NOT_TYPED: Record<number, number> = { 33: 1 };

eachRow(rows, { exactly: 10 }, 'gemini-cli provider: typed prompts and every record kept', async (r) => {
  const c = await parseMain(r.absPath);
  expect(counts(c).typed).toBe(r.prompts - (NOT_TYPED[r.n] ?? 0));
  // Every record of the file is kept: one primary message per distinct record id.
  const primary = new Set(c.messages.filter((m) => m.native !== undefined).map((m) => m.id));
  expect(primary.size).toBe(Number(r.other.messages));
});

describe('gemini-cli provider: PROVENANCE exceptions', () => {
  it('row 33: the injected continuation is a system message, not a prompt', async () => {
    const c = await parseMain(row(33).absPath);
    const continuation = c.messages.filter((m) => m.kind === 'continuation');
    expect(continuation.map(textOf)).toEqual(['System: Please continue.']);
    expect(continuation[0].role).toBe('system');
  });
});

describe('gemini-cli provider: conversation shape', () => {
  it('answers every call exactly once (results join their calls, in tool messages: conformance suite)', async () => {
    for (const r of rows) {
      const c = await parseMain(r.absPath);
      const calls = partsOf(c).flatMap((p) => (p.type === 'tool_call' ? [p.id] : []));
      expect(toolResults(c).map((p) => p.id).sort(), r.file).toEqual([...calls].sort());
    }
  });

  it('fills the conversation fields (row 35, single JSON)', async () => {
    const r = row(35);
    const c = await parseMain(r.absPath);
    expect(c.id).toBe('gemini-cli_faff42ab-6ea5-4f78-b8c4-f7dd6272af08');
    expect(c.nativeId).toBe('faff42ab-6ea5-4f78-b8c4-f7dd6272af08');
    expect(c.workspace).toBe('unknown'); // a fixture path has no .project_root beside it
    expect(c.instance).toBe('host');
    expect(c.title).toBe('add new text to test-gemini.txt');
    expect(c.startedAt).toBe('2026-01-10T02:08:26.108Z');
    expect(c.endedAt).toBe('2026-01-10T02:09:27.575Z');
    expect(c.models).toEqual(['gemini-2.5-flash']);
    expect(c.usage?.outputTokens).toBeGreaterThan(0);
    expect(c.usage?.reasoningTokens).toBeGreaterThan(0);
    expect(c.sourcePath).toBe(r.absPath);
    expect(c.sources).toEqual([r.absPath]);
    // Every message keeps its record (a derived one, `<id>#…`, shares it) under an id of its own: conformance suite.
    // Parts keep Gemini's usage split: uncached input + cached = prompt count of the record.
    const first = c.messages.find((m) => m.role === 'assistant')!;
    expect(first.usage).toEqual({ inputTokens: 12874, cacheReadTokens: 0, outputTokens: 49, reasoningTokens: 31 });
  });

  it('keeps thoughts as reasoning, before the answer text', async () => {
    const c = await parseMain(row(30).absPath);
    const assistant = c.messages.filter((m) => m.role === 'assistant');
    expect(partsOf(c).filter((p) => p.type === 'reasoning').length).toBeGreaterThan(10);
    for (const m of assistant) {
      const firstText = m.parts.findIndex((p) => p.type === 'text');
      const lastReasoning = m.parts.map((p) => p.type).lastIndexOf('reasoning');
      if (firstText !== -1 && lastReasoning !== -1) expect(lastReasoning).toBeLessThan(firstText);
    }
  });

  it('flags a failed tool call (status error) as an error result', async () => {
    const c = await parseMain(row(37).absPath);
    const errors = partsOf(c, 'tool').filter((p) => p.type === 'tool_call_response' && p.isError);
    expect(errors.length).toBe(1);
    expect(errors[0].type === 'tool_call_response' && errors[0].response).toMatch(/Path not in workspace/);
  });

  it('keeps info and warning messages as system messages; a degenerate file has no prompt', async () => {
    const degenerate = await parseMain(row(36).absPath);
    expect(degenerate.messages.map((m) => [m.role, m.kind])).toEqual([['system', 'warning']]);
    expect(degenerate.title).toBeUndefined();
    const c = await parseMain(row(38).absPath);
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'info' });
  });

  it('shows /init as typed and keeps the expanded prompt apart (row 33, JSONL)', async () => {
    const c = await parseMain(row(33).absPath);
    const typed = c.messages.filter((m) => m.role === 'user');
    expect(typed[0]).toMatchObject({ kind: 'slash-command', parts: [{ type: 'text', content: '/init' }] });
    const expansion = c.messages[c.messages.indexOf(typed[0]) + 1];
    expect(expansion).toMatchObject({ role: 'system', kind: 'command-expansion' });
    expect(textOf(expansion)).toContain('GEMINI.md');
    // Not "/init": the title is the first prompt that is not a command.
    expect(c.title?.startsWith('幫我做一個小修改')).toBe(true);
    // Messages rewritten in place (tool calls added later) appear once, at their first position.
    const ids = c.messages.map((m) => m.id);
    expect(ids.filter((id) => id === '52e62e67-5d6b-4a2c-b12d-11b87fe3e4a4').length).toBe(1);
    const upserted = c.messages.find((m) => m.id === '52e62e67-5d6b-4a2c-b12d-11b87fe3e4a4')!;
    expect(upserted.parts.filter((p) => p.type === 'tool_call').length).toBe(5);
    expect(c.models).toEqual(['gemini-3-flash-preview', 'gemini-3.1-pro-preview']);
  });

  it('links the messages into one chain', async () => {
    const c = await parseMain(row(33).absPath);
    c.messages.forEach((m, i) => expect(m.parentId).toBe(i === 0 ? undefined : c.messages[i - 1].id));
  });
});

describe('gemini-cli provider: damaged and unusual files', () => {
  const jsonl = readFileSync(row(33).absPath, 'utf8').split('\n');

  it('skips a truncated JSONL line with a warning and keeps the rest', async () => {
    const broken = [...jsonl];
    const at = broken.findIndex((l) => l.includes('"id":"231038fa'));
    broken[at] = broken[at].slice(0, 80);
    const c = await parseMain(write(path.join(tmp, 'broken.jsonl'), broken.join('\n')));
    expect(c.warnings).toEqual([{ line: at + 1, message: expect.stringMatching(/Unreadable JSON/) }]);
    expect(counts(c)).toEqual({ typed: 1, texts: 2, calls: 12 });
  });

  it('salvages a single JSON file with one damaged record', async () => {
    const text = readFileSync(row(34).absPath, 'utf8');
    const damaged = text.replace('"type": "user"', '"type" "user"');
    expect(damaged).not.toBe(text);
    const c = await parseMain(write(path.join(tmp, 'damaged.json'), damaged));
    expect(c.warnings.length).toBe(2);
    expect(c.warnings[0].message).toMatch(/not valid JSON/);
    expect(c.warnings[1]).toMatchObject({ line: 7, message: expect.stringMatching(/Unreadable message record/) });
    expect(c.nativeId).toBe('f7633853-6663-4dbb-bbf4-6159afa29df8');
    expect(counts(c)).toEqual({ typed: 0, texts: 10, calls: 9 });
  });

  it('keeps rewound messages as an abandoned branch and continues from before them', async () => {
    const extra = [
      JSON.stringify({ $rewindTo: '231038fa-bbfb-4b43-9a30-b8b7fcf54895' }),
      JSON.stringify({ id: 'after-rewind-user', timestamp: '2026-04-23T13:00:00.000Z', type: 'user', content: [{ text: 'try it another way' }] }),
      JSON.stringify({ id: 'after-rewind-gemini', timestamp: '2026-04-23T13:00:05.000Z', type: 'gemini', content: 'Done.', model: 'gemini-3-flash-preview' }),
    ];
    const c = await parseMain(write(path.join(tmp, 'rewind.jsonl'), [...jsonl.filter((l) => l), ...extra, ''].join('\n')));
    expect(c.warnings).toEqual([]);
    const byId = new Map(c.messages.map((m) => [m.id, m]));
    const marker = c.messages.find((m) => m.kind === 'rewind')!;
    expect(marker.parentId).toBe('0752be32-e23d-4786-bc5f-e06ee1d8a56c');
    expect(byId.get('after-rewind-user')!.parentId).toBe(marker.id);
    // The undone prompt and its answer are still there, off the live chain.
    expect(byId.has('231038fa-bbfb-4b43-9a30-b8b7fcf54895')).toBe(true);
    const live: string[] = [];
    for (let m: Message | undefined = byId.get('after-rewind-gemini'); m; m = m.parentId ? byId.get(m.parentId) : undefined) live.push(m.id);
    expect(live).not.toContain('231038fa-bbfb-4b43-9a30-b8b7fcf54895');
    expect(live).toContain('8828dd6a-d778-464f-8160-eb2e1604a122');
    expect(counts(c).typed).toBe(3);
  });

  it('adds messages first seen in a $set checkpoint without rewriting earlier ones', async () => {
    const first = JSON.parse(jsonl[3]);
    const masked = { ...first, content: [{ text: 'masked' }] };
    const added = { id: 'from-checkpoint', timestamp: '2026-04-23T12:59:00.000Z', type: 'gemini', content: 'Summary of earlier work.' };
    const line = JSON.stringify({ $set: { messages: [masked, added], lastUpdated: '2026-04-23T12:59:00.000Z' } });
    const c = await parseMain(write(path.join(tmp, 'checkpoint.jsonl'), [...jsonl.filter((l) => l), line, ''].join('\n')));
    expect(textOf(c.messages.find((m) => m.id === '8828dd6a-d778-464f-8160-eb2e1604a122')!)).toBe('/init');
    expect(textOf(c.messages.find((m) => m.id === 'from-checkpoint')!)).toBe('Summary of earlier work.');
  });

  it('keeps unknown record and part types as generic content with one warning', async () => {
    const extra = [
      JSON.stringify({ id: 'u1', timestamp: '2026-04-23T13:00:00.000Z', type: 'compression', content: 'x' }),
      JSON.stringify({ something: 'new' }),
      JSON.stringify({ id: 'g1', timestamp: '2026-04-23T13:00:01.000Z', type: 'gemini', content: [{ text: 'hi' }, { brandNewPart: 1 }] }),
    ];
    const c = await parseMain(write(path.join(tmp, 'unknown.jsonl'), [...jsonl.filter((l) => l), ...extra, ''].join('\n')));
    expect(c.warnings.length).toBe(1);
    expect(c.warnings[0].message).toContain('type:compression');
    expect(c.warnings[0].message).toContain('record:something');
    expect(c.warnings[0].message).toContain('part:brandNewPart');
    expect(c.messages.filter((m) => m.kind === 'unknown').length).toBe(2);
    expect(c.messages.find((m) => m.id === 'g1')!.parts.map((p) => p.type)).toEqual(['text', 'generic']);
  });

  it('reads the newer content forms: thought parts, functionCall parts, functionResponse user records', async () => {
    const lines = [
      JSON.stringify({ sessionId: 's-modern', projectHash: 'h', startTime: '2026-08-01T00:00:00.000Z', lastUpdated: '2026-08-01T00:00:00.000Z', kind: 'main' }),
      JSON.stringify({ id: 'u', timestamp: '2026-08-01T00:00:01.000Z', type: 'user', content: [{ text: 'list files' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] }),
      JSON.stringify({
        id: 'g', timestamp: '2026-08-01T00:00:02.000Z', type: 'gemini', model: 'gemini-3-pro',
        content: [{ text: 'thinking', thought: true }, { functionCall: { id: 'c1', name: 'ls', args: { dir: '.' } } }, { thoughtSignature: 'abc' }],
        toolCalls: [{ id: 'c1', name: 'ls', args: { dir: '.' }, status: 'error', result: [{ functionResponse: { id: 'c1', name: 'ls', response: { error: 'denied' } } }] }],
      }),
      JSON.stringify({ id: 'r', timestamp: '2026-08-01T00:00:03.000Z', type: 'user', content: [{ functionResponse: { id: 'c1', name: 'ls', response: { error: 'denied' } } }] }),
      JSON.stringify({ id: 'h', timestamp: '2026-08-01T00:00:04.000Z', type: 'user', content: [{ text: '<session_context>cwd</session_context>' }] }),
    ];
    const c = await parseMain(write(path.join(tmp, 'modern.jsonl'), lines.join('\n') + '\n'));
    expect(c.messages.map((m) => [m.id, m.role, m.kind])).toEqual([
      ['u', 'user', undefined],
      ['g', 'assistant', undefined],
      ['r', 'tool', undefined],
      ['h', 'system', 'session-context'],
    ]);
    expect(c.messages[0].parts[1]).toEqual({ type: 'blob', modality: 'image', mimeType: 'image/png', content: 'iVBORw0KGgo=' });
    expect(c.messages[1].parts).toEqual([
      { type: 'reasoning', content: 'thinking' },
      { type: 'tool_call', id: 'c1', name: 'ls', arguments: '{"dir":"."}' },
    ]);
    expect(c.messages[2].parts).toEqual([{ type: 'tool_call_response', id: 'c1', response: 'denied', isError: true }]);
  });

  it('makes a subagent chat a child of its parent session, its task a system message', async () => {
    const parentId = '0ab84937-9fe7-4284-986a-33c832af0b6a';
    const header = { sessionId: 'sub-1', projectHash: 'h', startTime: '2026-04-23T12:53:00.000Z', lastUpdated: '2026-04-23T12:54:00.000Z', kind: 'subagent', directories: ['/work/proj'] };
    const lines = [
      JSON.stringify(header),
      JSON.stringify({ id: 't', timestamp: '2026-04-23T12:53:01.000Z', type: 'user', content: [{ text: 'Investigate the build' }] }),
      JSON.stringify({ id: 'a', timestamp: '2026-04-23T12:53:02.000Z', type: 'gemini', content: 'Found it.' }),
    ];
    const file = write(path.join(tmp, 'sub', '.gemini', 'tmp', 'proj', 'chats', parentId, 'sub-1.jsonl'), lines.join('\n') + '\n');
    const c = await parseMain(file);
    expect(c.parentId).toBe(`gemini-cli_${parentId}`);
    expect(c.relation).toBe('subagent');
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(counts(c).typed).toBe(0);
    expect(c.cwd).toBe('/work/proj');
    expect(c.title).toBe('Investigate the build');
    expect(geminiCliProvider.resumeCommand(c)).toBeUndefined();
  });

  it("keeps the subagent runtime's grace-period nudge, whatever ended the run, as system text", async () => {
    // local-executor getFinalWarningMessage: one of four openings, then the same instruction.
    const tail = ' You have one final chance to complete the task with a short grace period. You MUST call `complete_task` immediately with your best answer and explain that your investigation was interrupted. Do not call any other tools.';
    const openings = ['You have exceeded the time limit.', 'You have exceeded the maximum number of turns.', 'You have stopped calling tools without finishing.', 'Execution was interrupted.'];
    const header = { sessionId: 'sub-2', projectHash: 'h', startTime: '2026-04-23T12:53:00.000Z', lastUpdated: '2026-04-23T12:54:00.000Z', kind: 'subagent' };
    const lines = [
      JSON.stringify(header),
      JSON.stringify({ id: 't', timestamp: '2026-04-23T12:53:01.000Z', type: 'user', content: [{ text: 'Investigate the build' }] }),
      ...openings.map((o, i) => JSON.stringify({ id: `n${i}`, timestamp: '2026-04-23T12:53:02.000Z', type: 'user', content: [{ text: o + tail }] })),
      JSON.stringify({ id: 'typed', timestamp: '2026-04-23T12:53:03.000Z', type: 'user', content: [{ text: 'Execution was interrupted. Why?' }] }),
    ];
    const file = write(path.join(tmp, 'nudge', '.gemini', 'tmp', 'proj', 'chats', '0ab84937-9fe7-4284-986a-33c832af0b6b', 'sub-2.jsonl'), lines.join('\n') + '\n');
    const c = await parseMain(file);
    expect(c.messages.filter((m) => m.kind === 'turn-limit').map((m) => [m.role, textOf(m)])).toEqual(openings.map((o) => ['system', o + tail]));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Execution was interrupted. Why?']);
  });

  it('returns nothing for an empty file', async () => {
    expect(await parseAll(write(path.join(tmp, 'empty.jsonl'), ''))).toEqual([]);
  });
});

describe('gemini-cli provider: project, logs.json, detect, locate, resume', () => {
  const home = path.join(tmp, 'home');
  const gemini = path.join(home, '.gemini');
  const chatId = '0ab84937-9fe7-4284-986a-33c832af0b6a';
  const lostId = '7d1c0000-1111-4222-8333-444455556666';
  const chat = path.join(gemini, 'tmp', 'my-proj', 'chats', `session-2026-04-23T12-52-${chatId.slice(0, 8)}.jsonl`);
  const logs = path.join(gemini, 'tmp', 'my-proj', 'logs.json');
  // logs.json as written by packages/core/src/core/logger.ts: one entry per submitted input.
  const logEntries = [
    { sessionId: chatId, messageId: 0, timestamp: '2026-04-23T12:53:00.000Z', type: 'user', message: '/init' },
    { sessionId: lostId, messageId: 0, timestamp: '2026-04-20T09:00:00.000Z', type: 'user', message: '/help' },
    { sessionId: lostId, messageId: 1, timestamp: '2026-04-20T09:00:10.000Z', type: 'user', message: 'fix the flaky test' },
  ];
  write(chat, readFileSync(row(33).absPath, 'utf8'));
  write(logs, JSON.stringify(logEntries, null, 2));
  write(path.join(gemini, 'tmp', 'my-proj', '.project_root'), '/home/me/code/my-proj');
  write(path.join(gemini, 'oauth_creds.json'), '{}');
  write(path.join(gemini, 'settings.json'), '{}');
  write(path.join(gemini, 'tmp', 'my-proj', 'checkpoint-x.json'), '{}');
  write(path.join(gemini, 'tmp', 'my-proj', 'chats', 'notes.txt'), '');

  it('takes the project directory from .project_root', async () => {
    const c = await parseMain(chat);
    expect(c.cwd).toBe('/home/me/code/my-proj');
    expect(c.workspace).toBe('my-proj');
  });

  it('takes the project directory from projects.json when the folder is a path hash', async () => {
    const root = '/home/me/old-proj';
    const hash = createHash('sha256').update(root).digest('hex');
    const file = write(path.join(tmp, 'home2', '.gemini', 'tmp', hash, 'chats', 'session-x.json'), readFileSync(row(35).absPath, 'utf8'));
    write(path.join(tmp, 'home2', '.gemini', 'projects.json'), JSON.stringify({ projects: { [root]: 'old-proj' } }));
    expect((await parseMain(file)).cwd).toBe(root);
  });

  it('recovers the prompts of sessions without a chat file from logs.json', async () => {
    const conversations = await parseAll(logs);
    expect(conversations.length).toBe(1);
    const [c] = conversations;
    expect(c.id).toBe(`gemini-cli_${lostId}.prompts`);
    expect(c.nativeId).toBe(lostId);
    expect(c.cwd).toBe('/home/me/code/my-proj');
    expect(c.messages.map((m) => [m.role, m.kind, textOf(m)])).toEqual([
      ['user', 'slash-command', '/help'],
      ['user', undefined, 'fix the flaky test'],
    ]);
    expect(c.title).toBe('fix the flaky test');
    expect(c.warnings[0].message).toMatch(/No chat file/);
    expect(geminiCliProvider.resumeCommand(c)).toBeUndefined();
  });

  it('finds chats, subagent chats and logs.json, and never a credential or other file', async () => {
    write(path.join(gemini, 'tmp', 'my-proj', 'chats', chatId, 'sub-1.jsonl'), '');
    const found = await geminiCliProvider.locate(home);
    expect(found.map((f) => path.relative(home, f)).sort()).toEqual(
      [
        path.join('.gemini', 'tmp', 'my-proj', 'chats', chatId, 'sub-1.jsonl'),
        path.relative(home, chat),
        path.relative(home, logs),
      ].sort(),
    );
    expect(await geminiCliProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('detects logs.json and leaves .qwen files to Qwen Code', async () => {
    expect(geminiCliProvider.detect({ path: logs, head: await readHead(logs) })).toBe(true);
    const qwenPath = path.join(tmp, 'q', '.qwen', 'tmp', 'h', 'chats', 'session-x.json');
    expect(geminiCliProvider.detect({ path: qwenPath, head: await readHead(row(35).absPath) })).toBe(false);
  });

  it('resumes with gemini --resume <session id> in the project directory', async () => {
    const c = await parseMain(chat);
    expect(geminiCliProvider.resumeCommand(c)).toEqual({ command: `gemini --resume ${chatId}`, cwd: '/home/me/code/my-proj' });
    const noCwd = await parseMain(row(35).absPath);
    expect(geminiCliProvider.resumeCommand(noCwd)).toEqual({ command: `gemini --resume ${noCwd.nativeId}` });
    // The same session read in a jackin container home: its id names the instance, it still resumes.
    const [inContainer] = inInstance([c], 'jackin-gem-1');
    expect(inContainer.id).not.toBe(c.id);
    expect(geminiCliProvider.resumeCommand(inContainer)).toEqual({ command: `gemini --resume ${chatId}`, cwd: '/home/me/code/my-proj' });
  });
});
