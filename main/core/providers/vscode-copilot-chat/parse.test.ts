/**
 * No real VS Code chat session file exists in the fixtures. The records below are built from
 * the microsoft/vscode source (main, mid-2026): `ISerializableChatData` v3 and
 * `ISerializableChatRequestData` in src/vs/workbench/contrib/chat/common/model/chatModel.ts
 * (flat `.json`, `toJSON` writing markdown as a bare `{value}`), the response part shapes in
 * chatService/chatService.ts (`toolInvocationSerialized`, `thinking`, `inlineReference`,
 * `IToolResultInputOutputDetails`), and the `.jsonl` append log of
 * model/chatSessionOperationLog.ts + objectMutationLog.ts (`{kind:0,v}`, `{kind:1,k,v}`,
 * `{kind:2,k,v,i}`, `{kind:3,k}`), in the key order its schema writes.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { vscodeCopilotChatProvider } from './index';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(vscodeCopilotChatProvider);

const CWD = '/home/me/work/demo-app';
const SESSION = '6f1c9a52-3b7e-4d0a-9c1f-2a8e5b7d4c10';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const uri = (p: string) => ({ $mid: 1, fsPath: p, external: `file://${p}`, path: p, scheme: 'file' });
const typed = (text: string) => ({ text, parts: [{ range: { start: 0, endExclusive: text.length }, editorRange: { startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: text.length + 1 }, text, kind: 'text' }] });

const readTool = {
  kind: 'toolInvocationSerialized',
  invocationMessage: { value: 'Reading [](file:///home/me/work/demo-app/build.log)', supportThemeIcons: false, supportHtml: false, uris: {} },
  pastTenseMessage: { value: 'Read [](file:///home/me/work/demo-app/build.log)', supportThemeIcons: false, supportHtml: false, uris: {} },
  isConfirmed: { type: 1 },
  isComplete: true,
  source: { type: 'internal', label: 'Built-In' },
  resultDetails: { input: '{"filePath":"/home/me/work/demo-app/build.log"}', output: [{ type: 'embed', isText: true, value: 'error: missing semicolon' }] },
  toolCallId: 'call_read_1',
  toolId: 'copilot_readFile',
};
const terminalTool = {
  kind: 'toolInvocationSerialized',
  invocationMessage: 'Running `npm test`',
  pastTenseMessage: 'Ran `npm test`',
  isConfirmed: true,
  isComplete: true,
  toolSpecificData: { kind: 'terminal', commandLine: { original: 'npm test' }, language: 'sh' },
  toolCallId: 'call_term_2',
  toolId: 'run_in_terminal',
};
const screenshotTool = {
  kind: 'toolInvocationSerialized',
  invocationMessage: 'Taking a screenshot',
  pastTenseMessage: 'Took a screenshot',
  isConfirmed: { type: 1 },
  isComplete: true,
  source: { type: 'mcp', label: 'browser' },
  resultDetails: { input: '{}', output: [{ type: 'embed', mimeType: 'image/png', value: PNG }], isError: false },
  toolCallId: 'call_shot_3',
  toolId: 'mcp_browser_screenshot',
};

const request1 = {
  requestId: 'request_a1',
  message: typed('Why does the build fail? #file:build.log'),
  variableData: { variables: [{ id: 'vscode.file', name: 'file:build.log', value: uri(`${CWD}/build.log`) }] },
  response: [
    { value: 'Let me look at the log.', supportThemeIcons: false, supportHtml: false },
    { kind: 'thinking', value: ['Check the build ', 'log first.'], id: 'thinking_0' },
    readTool,
    { kind: 'codeblockUri', uri: uri(`${CWD}/src/index.ts`), isEdit: true },
    terminalTool,
    screenshotTool,
    { value: 'Add the semicolon on line 3 of ', supportThemeIcons: false },
    { kind: 'inlineReference', inlineReference: uri(`${CWD}/src/index.ts`) },
    { value: '.' },
    { kind: 'textEditGroup', uri: uri(`${CWD}/src/index.ts`), edits: [[{ text: ';', range: { startLineNumber: 3, startColumn: 20, endLineNumber: 3, endColumn: 20 } }]], done: true },
    { kind: 'undoStop', id: 'stop_1' },
  ],
  responseId: 'response_a1',
  result: { timings: { firstProgress: 812, totalElapsed: 5230 }, metadata: {} },
  followups: [],
  isCanceled: false,
  agent: { extensionId: { value: 'GitHub.copilot-chat', _lower: 'github.copilot-chat' }, id: 'github.copilot.editsAgent', name: 'agent', isDefault: true },
  contentReferences: [],
  codeCitations: [],
  timestamp: 1782806395275,
  modelId: 'copilot/gpt-4.1',
};
const request2 = {
  requestId: 'request_a2',
  message: typed('also run the linter'),
  variableData: { variables: [] },
  response: [],
  responseId: 'response_a2',
  result: { errorDetails: { message: 'Sorry, your request failed. Please try again.', responseIsIncomplete: true } },
  followups: [],
  isCanceled: false,
  timestamp: 1782806455000,
  modelId: 'copilot/gpt-4.1',
};
const flat = {
  version: 3,
  requesterUsername: 'me',
  requesterAvatarIconUri: { $mid: 1, path: '/u/1', scheme: 'https', authority: 'avatars.githubusercontent.com' },
  responderUsername: 'GitHub Copilot',
  responderAvatarIconUri: { id: 'copilot' },
  initialLocation: 'panel',
  requests: [request1, request2],
  sessionId: SESSION,
  creationDate: 1782806390000,
  isImported: false,
  lastMessageDate: 1782806460000,
  customTitle: 'Fix the failing build',
};

/** The same chat as the 1.109+ append log writes it: initial state, then the changes. */
function logLines(): string[] {
  const initial = { version: 3, creationDate: 1782806390000, initialLocation: 'panel', responderUsername: 'GitHub Copilot', sessionId: SESSION, hasPendingEdits: false, requests: [], pendingRequests: [], inputState: { attachments: [], mode: { id: 'agent', kind: 'agent' }, inputText: '', selections: [], contrib: {} } };
  const started = { ...request1, response: [request1.response[0]], result: undefined, modelState: { value: 0 } };
  return [
    { kind: 0, v: initial },
    { kind: 2, k: ['requests'], v: [started] },
    // The streamed answer so far is rewritten from its second part (a key-mismatch splice).
    { kind: 2, k: ['requests', 0, 'response'], v: [{ value: 'draft that was replaced' }] },
    { kind: 2, k: ['requests', 0, 'response'], v: request1.response.slice(1), i: 1 },
    { kind: 1, k: ['requests', 0, 'result'], v: request1.result },
    { kind: 1, k: ['requests', 0, 'modelState'], v: { value: 1, completedAt: 1782806400000 } },
    { kind: 1, k: ['customTitle'], v: 'Fix the failing build' },
    { kind: 2, k: ['requests'], v: [request2] },
    { kind: 3, k: ['requests', 1, 'followups'] },
  ].map((e) => JSON.stringify(e));
}

function chatFile(home: string, name: string, body: string, workspace: object | null = { folder: `file://${CWD}` }): string {
  const dir = path.join(home, '.config', 'Code', 'User', 'workspaceStorage', '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d');
  if (workspace) writeFileIn(path.join(dir, 'workspace.json'), JSON.stringify(workspace));
  return writeFileIn(path.join(dir, 'chatSessions', name), body);
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await vscodeCopilotChatProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

/** What both storage forms must give for the same chat. */
async function expectTheChat(c: Conversation, file: string): Promise<void> {
  expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail? #file:build.log', 'also run the linter']);
  expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual([
    'Let me look at the log.',
    `Add the semicolon on line 3 of [index.ts](${CWD}/src/index.ts).`,
  ]);
  expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([{ type: 'reasoning', content: 'Check the build log first.' }]);
  expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
    { type: 'tool_call', id: 'call_read_1', name: 'copilot_readFile', arguments: '{"filePath":"/home/me/work/demo-app/build.log"}' },
    { type: 'tool_call', id: 'call_term_2', name: 'run_in_terminal', arguments: '{"command":"npm test"}' },
    { type: 'tool_call', id: 'call_shot_3', name: 'mcp_browser_screenshot', arguments: '{}' },
  ]);
  expect(parts(c, 'tool')).toEqual([
    { type: 'tool_call_response', id: 'call_read_1', response: 'error: missing semicolon' },
    { type: 'tool_call_response', id: 'call_shot_3', response: '' },
    { type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG },
  ]);
  expect(parts(c, 'assistant').filter((p) => p.type === 'generic').map((p) => p.type === 'generic' && p.kind)).toEqual(['textEditGroup']);
  expect(c.messages.filter((m) => m.role === 'system')).toMatchObject([{ kind: 'api-error', parts: [{ type: 'text', content: 'Sorry, your request failed. Please try again.' }] }]);
  expect(c).toMatchObject({ id: `vscode-copilot-chat_${SESSION}`, nativeId: SESSION, cwd: CWD, workspace: 'demo-app', title: 'Fix the failing build', models: ['copilot/gpt-4.1'] });
  expect(c.startedAt).toBe('2026-06-30T07:59:50.000Z');
  expect(c.messages[0].timestamp).toBe('2026-06-30T07:59:55.275Z');
  expect(c.warnings).toEqual([]);
  expectToolResultsJoined(c);
  expectMessagesKept(c, file);
}

describe('vscode-copilot-chat provider: a chat built from the VS Code source', () => {
  it('reads a flat chatSessions/<id>.json: typed prompts, answers, thinking, tool calls and results', async () => {
    const file = chatFile(path.join(tmp, 'flat'), `${SESSION}.json`, JSON.stringify(flat, undefined, 2));
    const c = await parseOne(file);
    expectOutlineGolden('vscode-copilot-chat', [c]); // test/golden/outline/vscode-copilot-chat.txt, reviewed
    await expectTheChat(c, file);
    expect(c.endedAt).toBe('2026-06-30T08:01:00.000Z');
  });

  it('replays a chatSessions/<id>.jsonl append log to the same chat (sets, splices, deletes)', async () => {
    const file = chatFile(path.join(tmp, 'log'), `${SESSION}.jsonl`, `${logLines().join('\n')}\n`);
    const c = await parseOne(file);
    await expectTheChat(c, file);
    expect(c.messages.some((m) => m.parts.some((p) => p.type === 'text' && p.content.includes('draft that was replaced')))).toBe(false);
  });

  it('takes the title from the first prompt when the chat was not renamed, and needs no workspace.json', async () => {
    const { customTitle: _t, ...untitled } = flat;
    const c = await parseOne(chatFile(path.join(tmp, 'untitled'), `${SESSION}.json`, JSON.stringify(untitled), null));
    expect(c.title).toBe('Why does the build fail? #file:build.log');
    expect(c.cwd).toBeUndefined();
    expect(c.workspace).toBe('unknown');
  });

  it('reads the older string message and the multi-root workspace file', async () => {
    const old = { ...flat, requests: [{ ...request2, message: 'explain this file', result: {} }] };
    const c = await parseOne(chatFile(path.join(tmp, 'old'), `${SESSION}.json`, JSON.stringify(old), { workspace: 'file:///home/me/work/all.code-workspace' }));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['explain this file']);
    expect(c.cwd).toBe('/home/me/work');
  });
});

describe('vscode-copilot-chat provider: damaged and unusual files', () => {
  it('keeps unknown response part kinds as generic parts, with one warning naming them', async () => {
    const odd = { ...flat, requests: [{ ...request1, response: [...request1.response, { kind: 'brandNewPart', x: 1 }, { kind: 'brandNewPart', x: 2 }] }] };
    const c = await parseOne(chatFile(path.join(tmp, 'odd'), `${SESSION}.json`, JSON.stringify(odd)));
    expect(c.warnings).toEqual([{ message: 'Unknown VS Code chat response part kinds kept as generic parts: brandNewPart' }]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'generic' && p.kind === 'brandNewPart')).toHaveLength(2);
  });

  it('skips a broken log line and a change to a path that is not there, each with a warning, and keeps the rest', async () => {
    const lines = logLines();
    lines.splice(4, 0, lines[4].slice(0, 25), JSON.stringify({ kind: 1, k: ['requests', 7, 'vote'], v: 1 }));
    const c = await parseOne(chatFile(path.join(tmp, 'broken'), `${SESSION}.jsonl`, `${lines.join('\n')}\n`));
    expect(c.warnings).toEqual([
      { line: 5, message: expect.stringMatching(/^Unreadable JSON line skipped/) },
      { line: 6, message: 'Log entry path ["requests",7,"vote"] leads nowhere in the session; entry skipped' },
    ]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(parts(c).filter((p) => p.type === 'tool_call')).toHaveLength(3);
  });

  it('says so when a log has no initial entry, and when a flat file is not JSON', async () => {
    const headless = await parseOne(chatFile(path.join(tmp, 'headless'), `${SESSION}.jsonl`, `${logLines().slice(1).join('\n')}\n`));
    expect(headless.messages).toEqual([]);
    expect(headless.warnings.at(-1)).toEqual({ message: 'VS Code chat log has no initial entry ({"kind":0}): no session to read' });
    expect(headless.warnings[0]).toEqual({ line: 1, message: 'Log entry before any initial entry (the session it changes is not in the file); skipped' });
    const garbage = await parseOne(chatFile(path.join(tmp, 'garbage'), `${SESSION}.json`, '{"version": 3, "requests": [tru'));
    expect(garbage.warnings).toEqual([{ message: expect.stringMatching(/^Unreadable VS Code chat session JSON: /) }]);
    expect(garbage.nativeId).toBe(SESSION);
  });

  it('returns nothing for an empty file and waits for a half-written last log line', async () => {
    expect(await vscodeCopilotChatProvider.parse(fileParseContext(chatFile(path.join(tmp, 'empty'), `${SESSION}.jsonl`, '')))).toEqual([]);
    const lines = logLines();
    const c = await parseOne(chatFile(path.join(tmp, 'half'), `${SESSION}.jsonl`, `${lines.join('\n')}\n${JSON.stringify({ kind: 2, k: ['requests'], v: [request2] }).slice(0, 30)}`));
    expect(c.warnings).toEqual([]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });
});

describe('vscode-copilot-chat provider: detect and locate', () => {
  it('detects both storage forms and nothing of the look-alikes', () => {
    expect(vscodeCopilotChatProvider.detect({ path: 'a.json', head: JSON.stringify(flat, undefined, 2) })).toBe(true);
    expect(vscodeCopilotChatProvider.detect({ path: 'a.json', head: JSON.stringify({ requesterUsername: 'me', responderUsername: 'GitHub Copilot', requests: [] }) })).toBe(true);
    expect(vscodeCopilotChatProvider.detect({ path: 'a.jsonl', head: `${logLines().join('\n')}\n` })).toBe(true);
    // The initial log line of a long chat is longer than the sample: its start is enough.
    expect(vscodeCopilotChatProvider.detect({ path: 'a.jsonl', head: logLines()[0].slice(0, 200) })).toBe(true);
    for (const head of [
      JSON.stringify({ sessionId: SESSION, projectHash: 'x', messages: [] }),
      JSON.stringify({ type: 'user', message: { role: 'user', content: 'hi' } }),
      JSON.stringify({ kind: 0, v: { name: 'not a chat' } }),
      JSON.stringify({ version: 3, requests: [] }),
    ]) expect(vscodeCopilotChatProvider.detect({ path: 'x.json', head }), head).toBe(false);
  });

  it('finds chatSessions files of every VS Code build, the log rather than the flat file, and nothing else', async () => {
    const home = path.join(tmp, 'home');
    const ws = path.join(home, '.config', 'Code', 'User', 'workspaceStorage', 'aaaa');
    const flatOnly = writeFileIn(path.join(ws, 'chatSessions', 'one.json'), '{}');
    writeFileIn(path.join(ws, 'chatSessions', 'two.json'), '{}');
    const logged = writeFileIn(path.join(ws, 'chatSessions', 'two.jsonl'), '{}');
    writeFileIn(path.join(ws, 'workspace.json'), '{}');
    writeFileIn(path.join(ws, 'state.vscdb'), '');
    writeFileIn(path.join(ws, 'chatEditingSessions', 'two', 'state.json'), '{}');
    const insiders = writeFileIn(path.join(home, '.config', 'Code - Insiders', 'User', 'globalStorage', 'emptyWindowChatSessions', 'three.json'), '{}');
    const mac = writeFileIn(path.join(home, 'Library', 'Application Support', 'Code', 'User', 'workspaceStorage', 'bbbb', 'chatSessions', 'four.jsonl'), '{}');
    const codium = writeFileIn(path.join(home, '.config', 'VSCodium', 'User', 'workspaceStorage', 'cccc', 'chatSessions', 'five.json'), '{}');
    const server = writeFileIn(path.join(home, '.vscode-server', 'data', 'User', 'workspaceStorage', 'dddd', 'chatSessions', 'six.jsonl'), '{}');
    writeFileIn(path.join(home, '.config', 'Code', 'User', 'globalStorage', 'state.vscdb'), '');
    expect(await vscodeCopilotChatProvider.locate(home)).toEqual([flatOnly, logged, insiders, codium, server, mac].sort());
    expect(await vscodeCopilotChatProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });
});

describe('vscode-copilot-chat provider: a plain dejavu sync of a home', () => {
  it('archives every chat where VS Code writes it, the log and not the flat file it replaced', () => {
    const home = path.join(tmp, 'sync-home');
    const flatFile = chatFile(home, `${SESSION}.json`, JSON.stringify(flat, undefined, 2));
    const LOGGED = '0b7d2e44-91c3-4f5a-8e6d-7c2b1a9f3e58';
    const insiders = path.join(home, '.config', 'Code - Insiders', 'User', 'workspaceStorage', 'ffff0000ffff0000ffff0000ffff0000');
    writeFileIn(path.join(insiders, 'workspace.json'), JSON.stringify({ folder: 'file:///home/me/work/other-app' }));
    const log = writeFileIn(path.join(insiders, 'chatSessions', `${LOGGED}.jsonl`), `${logLines().map((l) => l.replaceAll(SESSION, LOGGED)).join('\n')}\n`);
    // The flat file an older VS Code wrote for the same chat, left beside the log.
    writeFileIn(path.join(insiders, 'chatSessions', `${LOGGED}.json`), JSON.stringify({ ...flat, sessionId: LOGGED, requests: [request2] }));
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), XDG_CONFIG_HOME: '', APPDATA: '' };

    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    const listed = dejavuJson<{ id: string; agent: string; sourcePath: string; workspace: string }[]>(['list'], env);
    expect(listed.map((c) => [c.agent, c.sourcePath, c.workspace]).sort()).toEqual([
      ['vscode-copilot-chat', flatFile, 'demo-app'],
      ['vscode-copilot-chat', log, 'other-app'],
    ].sort());
    for (const id of [`vscode-copilot-chat_${SESSION}`, `vscode-copilot-chat_${LOGGED}`]) {
      const c = dejavuJson<Conversation>(['show', id], env);
      expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail? #file:build.log', 'also run the linter']);
      expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toHaveLength(3);
      expect(parts(c, 'tool').filter((p) => p.type === 'tool_call_response')).toHaveLength(2);
    }
  });
});
