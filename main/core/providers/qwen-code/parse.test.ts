/**
 * No real Qwen Code transcript could be found (PROVENANCE.md: "No real files found for … Qwen
 * Code"), so the JSONL records below are built field by field after the writer in
 * QwenLM/qwen-code `packages/core/src/services/chatRecordingService.ts` (stored version
 * 015346f1, mid-2026: `ChatRecord`, `createBaseRecord`, `recordUserMessage`,
 * `recordAssistantTurn`, `recordToolResult`, `recordSlashCommand`, `rewindRecording`,
 * `recordCustomTitle`, `recordChatCompression`, `recordParentSession`) and the layout in
 * `packages/core/src/config/storage.ts` (`<runtime dir>/projects/<sanitized cwd>/chats/`).
 * The pre-v0.3 format is Gemini CLI's, tested with a real Gemini CLI fixture placed in Qwen's
 * legacy layout.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../../../shared/record';
import { provenanceFor } from '../../../../test/provenance';
import { fileParseContext } from '../../capture/parse-context';
import { counts, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { readHead } from '../../capture/read-lines';
import { qwenCodeProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(qwenCodeProvider);

const SESSION = '5f0c2a8e-3b7d-4c1e-9a6f-1d2e3f4a5b6c';
const CWD = '/home/me/app';
let clock = Date.parse('2026-06-01T10:00:00.000Z');
let counter = 0;

/** A record as createBaseRecord() makes it, plus the given fields. */
function rec(type: string, parentUuid: string | null, fields: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  clock += 1000;
  const provenance = type === 'user' ? 'real_user' : type === 'assistant' ? 'assistant_output' : type === 'tool_result' ? 'tool_result' : 'system';
  return {
    uuid: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    parentUuid,
    sessionId: SESSION,
    timestamp: new Date(clock).toISOString(),
    type,
    provenance,
    cwd: CWD,
    version: '0.5.2',
    gitBranch: 'main',
    ...fields,
  };
}

const user = (parent: string | null, text: string, display?: string, extra: Record<string, unknown> = {}) =>
  rec('user', parent, { message: { role: 'user', parts: [{ text }] }, ...(display !== undefined ? { systemPayload: { displayText: display, hookContext: '' } } : {}), ...extra });
const assistant = (parent: string, parts: unknown[], extra: Record<string, unknown> = {}) =>
  rec('assistant', parent, { model: 'qwen3-coder-plus', message: { role: 'model', parts }, ...extra });
const toolResult = (parent: string, callId: string, name: string, response: unknown, status: string) =>
  rec('tool_result', parent, {
    message: { role: 'user', parts: [{ functionResponse: { id: callId, name, response } }] },
    toolCallResult: { callId, status, resultDisplay: JSON.stringify(response) },
  });
const system = (parent: string | null, subtype: string, systemPayload: unknown) => rec('system', parent, { subtype, systemPayload });

const u = (r: Record<string, unknown>) => r.uuid as string;

function mainSession(): { lines: string[]; ids: Record<string, string> } {
  const source = system(null, 'session_source', { sourceType: 'cli' });
  const prompt = user(u(source), 'fix the login bug @src/login.ts\n--- src/login.ts ---\nexport function login() {}', 'fix the login bug @src/login.ts');
  const a1 = assistant(u(prompt), [
    { text: 'Look at login first.', thought: true },
    { text: 'I will read the file.' },
    { functionCall: { id: 'call_1', name: 'read_file', args: { path: 'src/login.ts' } } },
  ], { usageMetadata: { promptTokenCount: 1000, candidatesTokenCount: 50, cachedContentTokenCount: 200, thoughtsTokenCount: 10, totalTokenCount: 1060 } });
  const t1 = toolResult(u(a1), 'call_1', 'read_file', { output: 'export function login() {}' }, 'success');
  const a2 = assistant(u(t1), [{ functionCall: { id: 'call_2', name: 'run_shell_command', args: { command: 'npm test' } } }]);
  const t2 = toolResult(u(a2), 'call_2', 'run_shell_command', { error: 'exit code 1' }, 'error');
  const a3 = assistant(u(t2), [{ text: 'The bug is fixed.' }], { usageMetadata: { promptTokenCount: 2000, candidatesTokenCount: 20, totalTokenCount: 2020 } });
  const telemetry = system(u(a3), 'ui_telemetry', { uiEvent: { 'event.name': 'qwen-code.api_response' } });
  const slash = system(u(telemetry), 'slash_command', { phase: 'invocation', rawCommand: '/about' });
  const slashOut = system(u(slash), 'slash_command', { phase: 'result', rawCommand: '/about', outputHistoryItems: [{ type: 'about', text: 'Qwen Code 0.5.2' }] });
  const second = user(u(slashOut), 'second try', 'second try');
  const a4 = assistant(u(second), [{ text: 'Answer to the second try.' }]);
  const rewind = system(u(slashOut), 'rewind', { truncatedCount: 2 }); // re-rooted before `second`
  const third = user(u(rewind), 'another approach', 'another approach');
  const a5 = assistant(u(third), [{ text: 'Done another way.' }]);
  const title = system(u(a5), 'custom_title', { customTitle: 'Fix login', titleSource: 'auto' });
  const compression = system(u(title), 'chat_compression', { info: { originalTokenCount: 9000, newTokenCount: 900 }, compressedHistory: [{ role: 'user', parts: [{ text: 'Summary: login fixed.' }] }] });
  const future = system(u(compression), 'brand_new_subtype', { x: 1 });
  const sideTask = rec('user', null, { isSidechain: true, agentId: 'explore-7f3c', message: { role: 'user', parts: [{ text: 'Find all callers of login()' }] } });
  const sideAnswer = rec('assistant', u(sideTask), { isSidechain: true, agentId: 'explore-7f3c', model: 'qwen3-coder-plus', message: { role: 'model', parts: [{ text: 'Found 3 callers.' }] } });
  const records = [source, prompt, a1, t1, a2, t2, a3, telemetry, slash, slashOut, second, a4, rewind, third, a5, title, compression, future, sideTask, sideAnswer];
  const lines = records.map((r) => JSON.stringify(r));
  lines.splice(10, 0, '{"uuid":"broken","parentUuid":'); // a damaged line, after slashOut
  return { lines, ids: { slashOut: u(slashOut), second: u(second), a4: u(a4), rewind: u(rewind), third: u(third), a5: u(a5) } };
}

const write = writeFileIn;
const partsOf = parts;

const home = path.join(tmp, 'home');
const projectChats = path.join(home, '.qwen', 'projects', '-home-me-app', 'chats');
const session = mainSession();
const sessionFile = write(path.join(projectChats, `${SESSION}.jsonl`), session.lines.join('\n') + '\n');

describe('qwen-code provider: ChatRecord JSONL (built from source)', () => {
  it('reads prompts, answers, tool calls and results', async () => {
    const [main] = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    expectOutlineGolden('qwen-code', [main]); // test/golden/outline/qwen-code.txt, reviewed
    // Typed: the first prompt, /about, the rewound "second try", "another approach".
    expect(counts(main)).toEqual({ typed: 4, texts: 4, calls: 2 });
    const calls = partsOf(main).flatMap((p) => (p.type === 'tool_call' ? [p.id] : []));
    const responses = partsOf(main).filter((p) => p.type === 'tool_call_response');
    expect(responses.map((p) => p.type === 'tool_call_response' && p.id)).toEqual(calls);
    expect(responses.map((p) => p.type === 'tool_call_response' && (p.isError ?? false))).toEqual([false, true]);
    expect(partsOf(main, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([{ type: 'reasoning', content: 'Look at login first.' }]);
  });

  it('shows the typed text and keeps the expanded prompt apart', async () => {
    const [main] = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    const first = main.messages.find((m) => m.role === 'user')!;
    expect(textOf(first)).toBe('fix the login bug @src/login.ts');
    const next = main.messages[main.messages.indexOf(first) + 1];
    expect(next).toMatchObject({ role: 'system', kind: 'prompt-expansion' });
    expect(textOf(next)).toContain('--- src/login.ts ---');
    expect(main.messages.find((m) => m.kind === 'command-output')!.parts[0]).toEqual({ type: 'text', content: 'Qwen Code 0.5.2' });
    expect(main.messages.find((m) => m.kind === 'compaction-summary')!.parts[0]).toEqual({ type: 'text', content: '[user]\nSummary: login fixed.' });
  });

  it('fills the conversation fields', async () => {
    const [main] = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    expect(main).toMatchObject({
      id: `qwen-code_${SESSION}`,
      agent: 'qwen-code',
      nativeId: SESSION,
      cwd: CWD,
      workspace: 'app',
      gitBranch: 'main',
      agentVersion: '0.5.2',
      title: 'Fix login',
      models: ['qwen3-coder-plus'],
      sources: [sessionFile],
    });
    expect(main.usage).toEqual({ inputTokens: 2800, cacheReadTokens: 200, outputTokens: 80, reasoningTokens: 10 });
    expect(main.startedAt! < main.endedAt!).toBe(true);
    expect(new Set(main.messages.map((m) => m.id)).size).toBe(main.messages.length);
    for (const m of main.messages) expect(m.source).toBe(0);
  });

  it('keeps the rewound turn as a branch: the new prompt hangs off the record before it', async () => {
    const [main] = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    const byId = new Map(main.messages.map((m) => [m.id, m]));
    expect(byId.get(session.ids.rewind)).toMatchObject({ role: 'system', kind: 'rewind', parentId: session.ids.slashOut });
    expect(byId.get(session.ids.second)!.parentId).toBe(session.ids.slashOut);
    expect(byId.get(session.ids.third)!.parentId).toBe(session.ids.rewind);
    const live: string[] = [];
    for (let m: Message | undefined = byId.get(session.ids.a5); m; m = m.parentId ? byId.get(m.parentId) : undefined) live.push(m.id);
    expect(live).not.toContain(session.ids.second);
    for (const m of main.messages) if (m.parentId) expect(byId.has(m.parentId), m.id).toBe(true);
  });

  it('warns about a damaged line and unknown subtypes, once each, and keeps the rest', async () => {
    const [main] = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    expect(main.warnings).toEqual([
      { line: 11, message: expect.stringMatching(/Unreadable JSON/) },
      { message: expect.stringContaining('system:brand_new_subtype') },
    ]);
    expect(main.messages.filter((m) => m.kind === 'unknown').length).toBe(1);
  });

  it('makes a sidechain agent its own conversation, its task a system message', async () => {
    const conversations = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    expect(conversations.length).toBe(2);
    const side = conversations[1];
    expect(side.id).toBe(`qwen-code_${SESSION}.agent-explore-7f3c`);
    expect(side.parentId).toBe(`qwen-code_${SESSION}`);
    expect(side.relation).toBe('subagent');
    expect(side.messages.map((m) => [m.role, m.kind])).toEqual([['system', 'subagent-task'], ['assistant', undefined]]);
    expect(side.title).toBe('Find all callers of login()');
    expect(qwenCodeProvider.resumeCommand(side)).toBeUndefined();
  });

  it('links a sub-session to the session that spawned it', async () => {
    const parent = '11111111-2222-4333-8444-555555555555';
    const link = system(null, 'parent_session', { parentSessionId: parent });
    const task = user(u(link), 'Review the diff', 'Review the diff');
    const file = write(path.join(tmp, 'sub', `${SESSION}.jsonl`), `${JSON.stringify(link)}\n${JSON.stringify(task)}\n`);
    const [c] = await qwenCodeProvider.parse(fileParseContext(file));
    expect(c.parentId).toBe(`qwen-code_${parent}`);
    expect(c.relation).toBe('subagent');
    expect(c.messages.map((m) => m.kind)).toEqual(['subagent-task']);
  });

  it('counts a slash command written twice (invocation and the prompt it sent) once', async () => {
    const invocation = system(null, 'slash_command', { phase: 'invocation', rawCommand: '/init', sentToModel: true });
    const sent = user(u(invocation), 'Analyze the project and write QWEN.md …', '/init');
    const file = write(path.join(tmp, 'slash', 'x.jsonl'), `${JSON.stringify(invocation)}\n${JSON.stringify(sent)}\n`);
    const [c] = await qwenCodeProvider.parse(fileParseContext(file));
    expect(c.messages.map((m) => [m.role, m.kind])).toEqual([
      ['user', 'slash-command'],
      ['system', 'slash-command-record'],
      ['system', 'command-expansion'],
    ]);
  });

  it('keeps the template a custom command sent apart from what was typed', async () => {
    // slashCommandProcessor records the invocation and its result when the command returns,
    // then the template goes to the model as a user record of its own.
    const invocation = system(null, 'slash_command', { phase: 'invocation', rawCommand: '/review src/a.ts', sentToModel: true });
    const result = system(u(invocation), 'slash_command', { phase: 'result', rawCommand: '/review src/a.ts', outputHistoryItems: [] });
    const template = user(u(result), 'You are a strict reviewer. Review src/a.ts for bugs.');
    const answer = assistant(u(template), [{ text: 'Two bugs.' }]);
    const file = write(path.join(tmp, 'custom', 'x.jsonl'), [invocation, result, template, answer].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const [c] = await qwenCodeProvider.parse(fileParseContext(file));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['/review src/a.ts']);
    expect(c.messages.find((m) => textOf(m)?.startsWith('You are a strict reviewer'))).toMatchObject({ role: 'system', kind: 'command-expansion' });
  });

  it('counts the same command typed twice in a row twice', async () => {
    const first = system(null, 'slash_command', { phase: 'invocation', rawCommand: '/stats' });
    const firstOut = system(u(first), 'slash_command', { phase: 'result', rawCommand: '/stats', outputHistoryItems: [{ type: 'stats', text: '3 turns' }] });
    const second = system(u(firstOut), 'slash_command', { phase: 'invocation', rawCommand: '/stats' });
    const secondOut = system(u(second), 'slash_command', { phase: 'result', rawCommand: '/stats', outputHistoryItems: [{ type: 'stats', text: '3 turns' }] });
    const file = write(path.join(tmp, 'twice', 'x.jsonl'), [first, firstOut, second, secondOut].map((r) => JSON.stringify(r)).join('\n') + '\n');
    const [c] = await qwenCodeProvider.parse(fileParseContext(file));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['/stats', '/stats']);
  });

  it('returns nothing for an empty file', async () => {
    expect(await qwenCodeProvider.parse(fileParseContext(write(path.join(tmp, 'empty.jsonl'), '')))).toEqual([]);
  });
});

describe('qwen-code provider: pre-v0.3 files (Gemini CLI format under .qwen/tmp)', () => {
  const row = provenanceFor('gemini-cli').find((r) => r.n === 35)!;
  const legacyChat = write(path.join(home, '.qwen', 'tmp', 'abc123', 'chats', 'session-2026-01-10T02-08-faff42ab.json'), readFileSync(row.absPath, 'utf8'));
  const logs = write(
    path.join(home, '.qwen', 'tmp', 'abc123', 'logs.json'),
    JSON.stringify([
      { sessionId: SESSION, messageId: 0, timestamp: '2026-06-01T10:00:01.000Z', type: 'user', message: 'fix the login bug @src/login.ts' },
      { sessionId: 'faff42ab-6ea5-4f78-b8c4-f7dd6272af08', messageId: 0, timestamp: '2026-01-10T02:08:26.108Z', type: 'user', message: 'add new text' },
      { sessionId: 'dead0000-0000-4000-8000-000000000000', messageId: 0, timestamp: '2025-09-01T08:00:00.000Z', type: 'user', message: 'explain this repo' },
    ]),
  );
  write(path.join(home, '.qwen', 'oauth_creds.json'), '{}');
  write(path.join(home, '.qwen', 'settings.json'), '{}');

  it('reads a legacy chat with the Gemini CLI parser, as qwen-code', async () => {
    const [c] = await qwenCodeProvider.parse(fileParseContext(legacyChat));
    expect(c.agent).toBe('qwen-code');
    expect(c.id).toBe('qwen-code_faff42ab-6ea5-4f78-b8c4-f7dd6272af08');
    expect(counts(c)).toEqual({ typed: row.prompts, texts: row.assistantTexts, calls: row.toolCalls });
    expect(qwenCodeProvider.resumeCommand(c)).toBeUndefined(); // current Qwen Code cannot resume these
  });

  it('keeps prompts of logs.json sessions that have no chat at all', async () => {
    const conversations = await qwenCodeProvider.parse(fileParseContext(logs));
    expect(conversations.map((c) => c.id)).toEqual(['qwen-code_dead0000-0000-4000-8000-000000000000.prompts']);
    expect(conversations[0].messages.map(textOf)).toEqual(['explain this repo']);
  });

  it('finds session files and logs.json, never credentials or settings', async () => {
    const found = await qwenCodeProvider.locate(home);
    expect(found.map((f) => path.relative(home, f)).sort()).toEqual([legacyChat, logs, sessionFile].map((f) => path.relative(home, f)).sort());
    expect(await qwenCodeProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('detects its files (no fixture of another agent: conformance.test.ts)', async () => {
    for (const file of [sessionFile, legacyChat, logs]) expect(qwenCodeProvider.detect({ path: file, head: await readHead(file) }), file).toBe(true);
    const cut = session.lines[1].slice(0, 300); // a first line cut off by the 64 KiB sample
    expect(qwenCodeProvider.detect({ path: 'x.jsonl', head: cut })).toBe(true);
  });

  it('resumes with qwen --resume <session id> in the project directory', async () => {
    const [main] = await qwenCodeProvider.parse(fileParseContext(sessionFile));
    expect(qwenCodeProvider.resumeCommand(main)).toEqual({ command: `qwen --resume ${SESSION}`, cwd: CWD });
  });
});

