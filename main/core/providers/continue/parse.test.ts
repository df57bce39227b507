/**
 * No real Continue session file exists in the fixtures. The records below are built from the
 * continuedev/continue source (main, 2025–2026): `Session`, `BaseSessionMetadata`,
 * `ChatHistoryItem`, `ChatMessage` (user / assistant / thinking / system / tool),
 * `MessagePart`, `ToolCallState`, `ContextItemWithId` and `Usage` in core/index.d.ts, and the
 * layout of core/util/paths.ts (`sessions/<sessionId>.json`, `sessions/sessions.json`).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { continueProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(continueProvider);

const SESSION = '3e1f6c2a-8b4d-4f0e-9a7c-5d2b1e0f4a93';
const CWD = '/home/me/work/demo-app';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const call = (id: string, name: string, args: object) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });

const history = [
  {
    message: { role: 'user', content: [{ type: 'text', text: 'Why does the build fail?' }, { type: 'imageUrl', imageUrl: { url: `data:image/png;base64,${PNG}` } }] },
    contextItems: [{ content: 'error: missing semicolon', name: 'build.log', description: 'demo-app/build.log', id: { providerTitle: 'file', itemId: 'f1' }, uri: { type: 'file', value: `file://${CWD}/build.log` } }],
    editorState: { type: 'doc', content: [] },
  },
  { message: { role: 'thinking', content: 'Read the log first.', signature: 'sig' }, contextItems: [] },
  {
    message: { role: 'assistant', content: 'Let me look at the log.', toolCalls: [call('call_1', 'read_file', { filepath: 'build.log' }), call('call_2', 'run_terminal_command', { command: 'npm test' })], usage: { promptTokens: 1200, completionTokens: 80, promptTokensDetails: { cachedTokens: 1000 } } },
    contextItems: [],
    promptLogs: [{ modelTitle: 'Claude Sonnet 4', modelProvider: 'anthropic', prompt: '…', completion: '…' }],
    toolCallStates: [
      { toolCallId: 'call_1', toolCall: call('call_1', 'read_file', { filepath: 'build.log' }), status: 'done', parsedArgs: { filepath: 'build.log' }, output: [{ content: 'error: missing semicolon', name: 'build.log', description: 'build.log' }] },
      { toolCallId: 'call_2', toolCall: call('call_2', 'run_terminal_command', { command: 'npm test' }), status: 'errored', parsedArgs: { command: 'npm test' }, output: [{ content: '1 test failed', name: 'Terminal', description: 'npm test' }] },
    ],
  },
  { message: { role: 'tool', content: 'error: missing semicolon', toolCallId: 'call_1' }, contextItems: [] },
  { message: { role: 'assistant', content: 'Add the semicolon on line 3.' }, contextItems: [], reasoning: { active: false, text: 'The log names line 3.', startAt: 1782806400000, endAt: 1782806401000 } },
  { message: { role: 'user', content: 'thanks' }, contextItems: [] },
];
const session = { sessionId: SESSION, title: 'Fix the failing build', workspaceDirectory: `file://${CWD}`, history, mode: 'agent', chatModelTitle: 'Claude Sonnet 4', usage: { promptTokens: 1200, completionTokens: 80, totalCost: 0.01 } };
const index = [{ sessionId: SESSION, title: 'Fix the failing build', dateCreated: '2026-06-30T08:19:55.000Z', workspaceDirectory: `file://${CWD}` }];

function writeSession(home: string, body: string, withIndex = true, name = `${SESSION}.json`): string {
  const dir = path.join(home, '.continue', 'sessions');
  if (withIndex) writeFileIn(path.join(dir, 'sessions.json'), JSON.stringify(index));
  return writeFileIn(path.join(dir, name), body);
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await continueProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('continue provider: what the CLI writes besides the person’s turns', () => {
  it('reads a !command as typed, a compaction’s summary once, its "continue" as Continue’s, redacted thinking as redacted, and dateCreated as milliseconds', async () => {
    // extensions/cli: useChat.shellMode.ts (a Bash call with a `shell-` id, no user item), compaction.ts
    // (the summary as the item's content and conversationSummary), streamChatResponse handleAutoContinuation;
    // gui sessionSlice streamUpdate's redacted thinking; core/util/history.ts save: dateCreated String(Date.now()).
    const cliHistory = [
      { message: { role: 'user', content: 'tidy the imports' }, contextItems: [] },
      { message: { role: 'assistant', content: '', toolCalls: [call('shell-1782806400000-ab12', 'Bash', { command: 'git status' })] }, contextItems: [], toolCallStates: [{ toolCallId: 'shell-1782806400000-ab12', toolCall: call('shell-1782806400000-ab12', 'Bash', { command: 'git status' }), status: 'done', parsedArgs: { command: 'git status' }, output: [{ content: 'nothing to commit', name: 'Terminal', description: 'git status' }] }] },
      { message: { role: 'thinking', content: 'internal reasoning is hidden due to safety reasons', redactedThinking: 'EqQBCkYIARgCKkA=' }, contextItems: [] },
      { message: { role: 'assistant', content: 'Summary: imports tidied in 3 files.' }, contextItems: [], conversationSummary: 'Summary: imports tidied in 3 files.' },
      { message: { role: 'user', content: 'continue' }, contextItems: [] },
      { message: { role: 'assistant', content: 'All done.' }, contextItems: [] },
    ];
    const home = path.join(tmp, 'cli');
    const dir = path.join(home, '.continue', 'sessions');
    writeFileIn(path.join(dir, 'sessions.json'), JSON.stringify([{ sessionId: 'cli-1', title: 'Untitled Session', dateCreated: '1782806399000', workspaceDirectory: `file://${CWD}` }]));
    const file = writeFileIn(path.join(dir, 'cli-1.json'), JSON.stringify({ sessionId: 'cli-1', title: 'Untitled Session', workspaceDirectory: `file://${CWD}`, history: cliHistory }));
    const [c] = await continueProvider.parse(fileParseContext(file));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['tidy the imports', '!git status']);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf).filter(Boolean)).toEqual(['All done.']);
    expect(c.messages.filter((m) => textOf(m).startsWith('Summary: imports')).map((m) => m.kind)).toEqual(['compaction-summary']);
    expect(c.messages.find((m) => m.kind === 'auto-continue')?.role).toBe('system');
    expect(parts(c, 'assistant')).toContainEqual({ type: 'reasoning', content: '', redacted: true });
    expect(parts(c, 'assistant').some((p) => p.type === 'reasoning' && p.content.includes('hidden'))).toBe(false);
    expect(c.startedAt).toBe(new Date(1782806399000).toISOString());
    expect(c.title).toBe('tidy the imports');
  });

  it('keeps a "continue" the person typed after the GUI added a summary to an item', async () => {
    // core/util/conversationCompaction.ts: the summary is added to an item already in the history.
    const guiHistory = [
      { message: { role: 'user', content: 'refactor the parser' }, contextItems: [] },
      { message: { role: 'assistant', content: 'Refactored.' }, contextItems: [], conversationSummary: 'The parser was refactored.' },
      { message: { role: 'user', content: 'continue' }, contextItems: [] },
    ];
    const file = writeFileIn(path.join(tmp, 'gui', '.continue', 'sessions', 'gui-1.json'), JSON.stringify({ sessionId: 'gui-1', title: 'Parser', workspaceDirectory: `file://${CWD}`, history: guiHistory }));
    const [c] = await continueProvider.parse(fileParseContext(file));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['refactor the parser', 'continue']);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Refactored.']);
  });
});

describe('continue provider: a session built from the Continue source', () => {
  const file = writeSession(path.join(tmp, 'h1'), JSON.stringify(session, undefined, 2));

  it('reads typed prompts, attachments, answers, thinking, tool calls and their results once', async () => {
    const c = await parseOne(file);
    expectOutlineGolden('continue', [c]); // test/golden/outline/continue.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'thanks']);
    expect(parts(c, 'user').filter((p) => p.type !== 'text').map((p) => (p.type === 'generic' ? p.kind : p.type))).toEqual(['blob', 'context']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual(['Let me look at the log.', 'Add the semicolon on line 3.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([
      { type: 'reasoning', content: 'Read the log first.' },
      { type: 'reasoning', content: 'The log names line 3.' },
    ]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_1', name: 'read_file', arguments: '{"filepath":"build.log"}' },
      { type: 'tool_call', id: 'call_2', name: 'run_terminal_command', arguments: '{"command":"npm test"}' },
    ]);
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'call_1', response: 'error: missing semicolon' },
      { type: 'tool_call_response', id: 'call_2', response: '1 test failed', isError: true },
    ]);
    expect(c.messages.find((m) => m.parts.some((p) => p.type === 'tool_call'))).toMatchObject({ model: 'Claude Sonnet 4', usage: { inputTokens: 1200, outputTokens: 80, cacheReadTokens: 1000 } });
    expect(c).toMatchObject({ id: `continue_${SESSION}`, title: 'Fix the failing build', cwd: CWD, workspace: 'demo-app', startedAt: '2026-06-30T08:19:55.000Z', models: ['Claude Sonnet 4'], usage: { inputTokens: 1200, outputTokens: 80 } });
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
  });

  it('takes a tool message as the result when the call state holds no output', async () => {
    const bare = history.map((h) => ('toolCallStates' in h ? { ...h, toolCallStates: [] } : h));
    const c = await parseOne(writeSession(path.join(tmp, 'h2'), JSON.stringify({ ...session, history: bare })));
    expect(parts(c, 'tool')).toEqual([{ type: 'tool_call_response', id: 'call_1', response: 'error: missing semicolon' }]);
  });

  it('works without sessions.json and with an older plain-path workspace', async () => {
    const c = await parseOne(writeSession(path.join(tmp, 'h3'), JSON.stringify({ ...session, title: '', workspaceDirectory: CWD }), false));
    expect(c).toMatchObject({ cwd: CWD, title: 'Why does the build fail?' });
    expect(c.startedAt).toBeUndefined();
  });
});

describe('continue provider: damaged and unusual files', () => {
  it('keeps unknown roles as generic messages with one warning', async () => {
    const odd = { ...session, history: [...history, { message: { role: 'critic', content: 'x' }, contextItems: [] }] };
    const c = await parseOne(writeSession(path.join(tmp, 'h4'), JSON.stringify(odd)));
    expect(c.warnings).toEqual([{ message: 'Unknown Continue history message roles kept as generic messages: critic' }]);
    expect(c.messages.filter((m) => m.kind === 'unknown')).toHaveLength(1);
  });

  it('says what is wrong with a file that is not a session, and keeps its id', async () => {
    const c = await parseOne(writeSession(path.join(tmp, 'h5'), '{"sessionId": "3e1f', true));
    expect(c.warnings).toEqual([{ message: expect.stringMatching(/^Unreadable Continue session JSON: /) }]);
    expect(c.nativeId).toBe(SESSION);
    expect(c.title).toBe('Fix the failing build');
    expect(await continueProvider.parse(fileParseContext(writeSession(path.join(tmp, 'h6'), '')))).toEqual([]);
  });
});

describe('continue provider: detect, locate and a plain dejavu sync of a home', () => {
  it('detects a session and not its index nor look-alikes', () => {
    expect(continueProvider.detect({ path: 'x.json', head: JSON.stringify(session, undefined, 2) })).toBe(true);
    expect(continueProvider.detect({ path: 'x.json', head: JSON.stringify({ sessionId: SESSION, title: 'New Session', workspaceDirectory: '', history: [] }) })).toBe(true);
    expect(continueProvider.detect({ path: 'sessions.json', head: JSON.stringify(index) })).toBe(false);
    expect(continueProvider.detect({ path: 'x.json', head: JSON.stringify({ sessionId: SESSION, projectHash: 'h', messages: [] }) })).toBe(false);
  });

  it('finds session files, never the index or config', async () => {
    const home = path.join(tmp, 'locate-home');
    const one = writeSession(home, '{}');
    writeFileIn(path.join(home, '.continue', 'config.yaml'), 'models: []');
    writeFileIn(path.join(home, '.continue', 'index', 'globalContext.json'), '{}');
    expect(await continueProvider.locate(home)).toEqual([one]);
    expect(await continueProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('archives every session of ~/.continue/sessions', () => {
    const home = path.join(tmp, 'sync-home');
    writeSession(home, JSON.stringify(session, undefined, 2));
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive') };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect(dejavuJson<{ id: string; agent: string }[]>(['list'], env).map((c) => [c.id, c.agent])).toEqual([[`continue_${SESSION}`, 'continue']]);
    const c = dejavuJson<Conversation>(['show', `continue_${SESSION}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'thanks']);
    expect(parts(c, 'tool').filter((p) => p.type === 'tool_call_response')).toHaveLength(2);
  });
});
