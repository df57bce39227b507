/**
 * `updates.jsonl`, the Grok CLI's authoritative session log, built after the grok-build source
 * (xai-org/grok-build 19d42e3: session/storage/mod.rs `SessionUpdateEnvelope` and
 * `filter_rewind_lines`, extensions/notification.rs for the `_x.ai` variants, docs/user-guide/
 * 17-sessions.md) and the ACP session-update schema it writes: one envelope a line,
 * `{timestamp (unix seconds), method: "session/update" | "_x.ai/session/update", params:
 * {sessionId, update: {sessionUpdate, …}}}`. No real file: the records are minimal.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { grokCliProvider } from './index';
import { counts, providerUnderTest, textOf } from '../../../../test/provider-kit';

const { tmp } = providerUnderTest(grokCliProvider);
const CWD = '/home/me/work/demo-app';
const SESSION = '019f179d-0888-76b1-9325-5a91ace595df';
const T = 1782800000;

let tick = 0;
const acp = (update: object) => JSON.stringify({ timestamp: T + tick++, method: 'session/update', params: { sessionId: SESSION, update } });
const xai = (update: object) => JSON.stringify({ timestamp: T + tick++, method: '_x.ai/session/update', params: { sessionId: SESSION, update } });
const userChunk = (text: string, promptIndex: number, meta: object = {}) => acp({ sessionUpdate: 'user_message_chunk', content: { type: 'text', text }, _meta: { promptIndex, ...meta } });
const agentChunk = (text: string) => acp({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } });
const thought = (text: string) => acp({ sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text } });

const lines = [
  userChunk('Why does the ', 0, { modelId: 'grok-build' }),
  userChunk('build fail?', 0),
  thought('Check the log.'),
  agentChunk('Let me '),
  agentChunk('look.'),
  acp({ sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'read_file', kind: 'read', status: 'pending', rawInput: { path: 'build.log' } }),
  acp({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'in_progress', content: [{ type: 'content', content: { type: 'text', text: 'Reading build.log' } }] }),
  acp({ sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'failed', content: [{ type: 'content', content: { type: 'text', text: 'no such file' } }] }),
  agentChunk('The log is missing.'),
  xai({ sessionUpdate: 'turn_completed', prompt_id: 'p-0', stop_reason: 'end_turn' }),
  userChunk('<system-reminder>todo list empty</system-reminder>', 1, { hostTurn: true }),
  userChunk('try the tests', 1),
  agentChunk('Tests pass.'),
  xai({ sessionUpdate: 'turn_completed', prompt_id: 'p-1', stop_reason: 'end_turn' }),
  xai({ sessionUpdate: 'rewind_marker', target_prompt_index: 1, created_at: '2026-06-30T08:30:00Z' }),
  userChunk('run the linter instead', 1),
  xai({ sessionUpdate: 'turn_completed', prompt_id: 'p-2', stop_reason: 'end_turn', agent_result: 'Lint is clean.' }),
  acp({ sessionUpdate: 'available_commands_update', availableCommands: [] }),
  xai({ sessionUpdate: 'session_summary_generated', session_summary: 'Build failure' }),
  xai({ sessionUpdate: 'brand_new_update', x: 1 }),
];

function session(root: string, withHistory: boolean): string {
  const dir = path.join(root, '.grok', 'sessions', encodeURIComponent(CWD), SESSION);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'updates.jsonl'), lines.join('\n') + '\n');
  if (withHistory) writeFileSync(path.join(dir, 'chat_history.jsonl'), `${JSON.stringify({ type: 'user', content: [{ type: 'text', text: 'run the linter instead' }] })}\n`);
  writeFileSync(path.join(dir, 'summary.json'), JSON.stringify({ info: { id: SESSION, cwd: CWD }, generated_title: 'Fix the failing build' }));
  return path.join(dir, 'updates.jsonl');
}

const file = session(path.join(tmp, 'home'), true);
const parse = async () => (await grokCliProvider.parse(fileParseContext(file)))[0];
const byText = (messages: Message[], text: string) => messages.find((m) => textOf(m) === text);

describe('grok-cli provider: updates.jsonl (from source, no real file)', () => {
  it('joins streamed chunks into one message each, with times from the envelopes', async () => {
    const c = await parse();
    expect(c.id).toBe(`grok-cli_${SESSION}`);
    expect(c.title).toBe('Fix the failing build');
    expect(c.cwd).toBe(CWD);
    // Typed: the first prompt, the rewound one and the one after the rewind.
    expect(counts(c)).toEqual({ typed: 3, texts: 4, calls: 1 });
    const first = byText(c.messages, 'Why does the build fail?')!;
    expect(first).toMatchObject({ role: 'user', timestamp: new Date(T * 1000).toISOString() });
    const answer = c.messages[c.messages.indexOf(first) + 1];
    expect(answer.parts).toEqual([
      { type: 'reasoning', content: 'Check the log.' },
      { type: 'text', content: 'Let me look.' },
      { type: 'tool_call', id: 'call_1', name: 'read_file', arguments: '{"path":"build.log"}' },
    ]);
    expect(answer.model).toBe('grok-build');
    expect(c.models).toEqual(['grok-build']);
    expect(c.startedAt).toBe(new Date(T * 1000).toISOString());
  });

  it('answers a tool call once, with its final output, failed as an error', async () => {
    const c = await parse();
    const responses = c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool_call_response');
    expect(responses).toEqual([{ type: 'tool_call_response', id: 'call_1', response: 'no such file', isError: true }]);
  });

  it('keeps what the runtime wrote as system text, and a reply given only as the turn result', async () => {
    const c = await parse();
    expect(byText(c.messages, '<system-reminder>todo list empty</system-reminder>')).toMatchObject({ role: 'system', kind: 'host-turn' });
    expect(byText(c.messages, 'Lint is clean.')).toMatchObject({ role: 'assistant' });
  });

  it('keeps a rewound turn as an abandoned branch: the new prompt hangs off the turn before it', async () => {
    const c = await parse();
    const ids = new Map(c.messages.map((m) => [m.id, m]));
    const rewound = byText(c.messages, 'try the tests')!;
    const after = byText(c.messages, 'run the linter instead')!;
    const marker = c.messages.find((m) => m.kind === 'rewind')!;
    expect(marker.role).toBe('system');
    expect(after.parentId).toBe(marker.id);
    expect(marker.parentId).toBe(rewound.parentId);
    const live: string[] = [];
    for (let m: Message | undefined = byText(c.messages, 'Lint is clean.'); m; m = m.parentId ? ids.get(m.parentId) : undefined) live.push(textOf(m) ?? m.kind ?? '');
    expect(live).not.toContain('try the tests');
    expect(live).toContain('Why does the build fail?');
  });

  it('names unknown update kinds in one warning', async () => {
    const c = await parse();
    expect(c.warnings).toEqual([{ message: expect.stringContaining('brand_new_update') }]);
  });

  it('reads updates.jsonl where a session has it, chat_history.jsonl only where it has not', async () => {
    const home = path.join(tmp, 'locate');
    session(home, true);
    const older = path.join(home, '.grok', 'sessions', encodeURIComponent(CWD), 'older-session');
    mkdirSync(older, { recursive: true });
    writeFileSync(path.join(older, 'chat_history.jsonl'), `${JSON.stringify({ type: 'user', content: [{ type: 'text', text: 'hi' }] })}\n`);
    const found = (await grokCliProvider.locate(home)).map((f) => path.relative(home, f).split(path.sep).slice(-2).join('/'));
    expect(found.sort()).toEqual([`${SESSION}/updates.jsonl`, 'older-session/chat_history.jsonl']);
  });

  it('detects updates.jsonl by its envelope', () => {
    expect(grokCliProvider.detect({ path: '/x/updates.jsonl', head: lines.slice(0, 3).join('\n') })).toBe(true);
    expect(grokCliProvider.detect({ path: '/x/any.jsonl', head: lines[0] })).toBe(true);
    expect(grokCliProvider.detect({ path: '/x/any.jsonl', head: '{"timestamp":1,"method":"session/update","params":{}}' })).toBe(false);
  });
});
