import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { conversationId, subConversationId } from '../kit/identity';
import { copilotCliProvider } from './index';
import { counts, eachRow, parts, providerUnderTest, toolResults } from '../../../../test/provider-kit';

const { rows, tmp, row, parseAll, parseMain } = providerUnderTest(copilotCliProvider);

/**
 * PROVENANCE counts every `user.message` event as a typed prompt. Copilot's autopilot also
 * writes `user.message` events itself: the "You have not yet marked the task as complete…"
 * nudge, with an empty `content` (1.0.34) or `isAutopilotContinuation: true` (newer schema).
 * The person typed none of them, so they are `system` here; this counts them independently.
 */
function harnessPrompts(file: string): number {
  if (file.endsWith('.json')) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"type":"user.message"'))
    .map((l) => JSON.parse(l).data)
    .filter((d) => d.isAutopilotContinuation === true || !String(d.content ?? '').trim()).length;
}

eachRow(rows, { atLeast: 7 }, 'copilot-cli provider: typed prompts without autopilot nudges, and its version', async (r) => {
  const c = await parseMain(r.absPath);
  expect(counts(c).typed).toBe(r.prompts - harnessPrompts(r.absPath));
  if (r.other.copilotVersion) expect(c.agentVersion).toBe(r.other.copilotVersion);
});

describe('copilot-cli provider: PROVENANCE exceptions', () => {
  it('the only typed-prompt difference is the one autopilot nudge of #45', () => {
    expect(rows.map((r) => harnessPrompts(r.absPath))).toEqual(rows.map((r) => (r.n === 45 ? 1 : 0)));
  });
});

describe('copilot-cli provider: conversation shape', () => {
  it('answers every call (results join their calls: conformance suite)', async () => {
    for (const r of rows) expect(toolResults(await parseMain(r.absPath)).length, r.file).toBe(r.toolCalls);
  });

  it('fills the conversation fields from session.start and session.shutdown (1.0.20)', async () => {
    const r = row(48);
    const c = await parseMain(r.absPath);
    expect(c).toMatchObject({ id: conversationId('copilot-cli', 'b4257b63-a7e8-4e3f-9bf0-019c98db1744'), nativeId: 'b4257b63-a7e8-4e3f-9bf0-019c98db1744', instance: 'host', sources: [r.absPath] });
    expect(c).toMatchObject({ cwd: '/Users/ninawork/entire/test-repos/test-repo', workspace: 'test-repo', gitBranch: 'test-copilot', models: ['claude-sonnet-4.6'] });
    expect(c).toMatchObject({ title: 'Create a dir that is called "test-copilot" and make an md file stating the dir …', startedAt: '2026-04-07T21:07:18.764Z', endedAt: '2026-04-07T21:08:42.761Z' });
    // shutdown modelMetrics: input 62754 includes 41648 cache reads.
    expect(c.usage).toEqual({ inputTokens: 21106, outputTokens: 311, cacheReadTokens: 41648, cacheWriteTokens: 0 });
    // Every message keeps its record under an id of its own: conformance suite.
    // Answers written before any event named the model get it once a tool result does.
    expect(c.messages.filter((m) => m.role === 'assistant').every((m) => m.model === 'claude-sonnet-4.6')).toBe(true);
    // The typed prompt is `content`, not the `transformedContent` the model was sent.
    expect(c.messages.find((m) => m.role === 'user')!.parts).toEqual([
      { type: 'text', content: 'Create a dir that is called "test-copilot" and make an md file stating the dir is for testing copilot' },
    ]);
    // Visible thinking becomes reasoning; the first answer's calls follow it.
    const first = c.messages.find((m) => m.role === 'assistant')!;
    expect(first.parts.map((p) => p.type)).toEqual(['reasoning', 'tool_call', 'tool_call']);
    expect(first.usage).toEqual({ outputTokens: 166 });
    // tool.execution_start joins the message of its request rather than repeating the call.
    expect(first.native!.split('\n').length).toBe(3);
  });

  it('keeps failed hooks as system messages with both hook lines', async () => {
    const c = await parseMain(row(48).absPath);
    const hooks = c.messages.filter((m) => m.kind === 'hook');
    expect(hooks.length).toBe(8);
    for (const h of hooks) {
      expect(h.role).toBe('system');
      expect(h.native!.split('\n').length).toBe(2);
      expect(h.parts[0]).toMatchObject({ type: 'text', content: expect.stringMatching(/hook failed: Error: Neither 'bash' nor 'powershell'/) });
    }
  });

  it('marks the autopilot nudge as system and keeps the system prompt as system', async () => {
    const c = await parseMain(row(45).absPath);
    const nudge = c.messages.find((m) => m.kind === 'autopilot-continuation')!;
    expect(nudge.role).toBe('system');
    expect(nudge.parts[0]).toMatchObject({ type: 'text', content: expect.stringContaining('You have not yet marked the task as complete') });
    expect(c.messages.filter((m) => m.kind === 'system-prompt').every((m) => m.role === 'system')).toBe(true);
    expect(c.messages.some((m) => m.kind === 'task-complete')).toBe(true);
  });

  it('flags failed tool executions and keeps the abort', async () => {
    const c = await parseMain(row(51).absPath);
    const errors = parts(c, 'tool').filter((p) => p.type === 'tool_call_response' && p.isError);
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatchObject({ response: 'Path does not exist' });
    const interrupt = c.messages.filter((m) => m.kind === 'interrupt');
    expect(interrupt.length).toBe(1);
    expect(interrupt[0].parts[0]).toEqual({ type: 'text', content: 'Aborted (user_initiated)' });
    expect(c.models).toEqual(['claude-opus-4.8']);
  });

  it('keeps the detailed view a tool showed when it differs from what the model read', async () => {
    const c = await parseMain(row(48).absPath);
    const create = c.messages.filter((m) => m.role === 'tool')[2];
    expect(create.parts[0]).toMatchObject({ type: 'tool_call_response', response: expect.stringContaining('Created file') });
    expect(create.parts[1]).toMatchObject({ type: 'generic', kind: 'detailed-content', content: expect.stringContaining('diff --git') });
  });
});

describe('copilot-cli provider: legacy session JSON (#46)', () => {
  it('reads the timeline: prompt, answers, calls joined to their results', async () => {
    const r = row(46);
    const c = await parseMain(r.absPath);
    expect(c.nativeId).toBe('0b2a81da-02cf-4cbb-ae14-07c597b84f4e');
    expect(c.startedAt).toBe('2025-10-11T12:54:52.206Z');
    expect(c.endedAt).toBe('2025-10-11T12:55:58.153Z');
    expect(c.messages.filter((m) => m.kind === 'info').length).toBe(2);
    const call = parts(c, 'assistant').find((p) => p.type === 'tool_call')!;
    expect(call).toMatchObject({ id: 'toolu_01Mx6TvUBjF3WtcTQtkgSq2k', name: 'str_replace_editor' });
    expect(JSON.parse(call.type === 'tool_call' ? call.arguments : '')).toEqual({ command: 'view', path: '/home/wei/repo/VibeCodingTracker/Cargo.toml', view_range: [1, 15] });
    expect(parts(c, 'tool').every((p) => p.type === 'tool_call_response' && !p.isError)).toBe(true);
  });

  it('falls back to chatMessages when there is no timeline', async () => {
    // Shape of `chatMessages` (OpenAI chat messages) as legacy readers of
    // ~/.copilot/history-session-state consume it; no real file with them exists.
    const file = path.join(tmp, 'session_legacy.json');
    writeFileSync(
      file,
      JSON.stringify({
        sessionId: 'legacy-chat',
        startTime: '2025-10-08T21:10:16.398Z',
        chatMessages: [
          { role: 'system', content: 'You are Copilot.' },
          { role: 'user', content: 'please add mcp servers' },
          { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'str_replace_editor', arguments: '{"command":"view","path":"/x"}' } }] },
          { role: 'tool', tool_call_id: 'c1', content: 'file contents here' },
          { role: 'assistant', content: 'Done.' },
        ],
        timeline: [],
      }),
    );
    const c = await parseMain(file);
    expect(counts(c)).toEqual({ typed: 1, texts: 1, calls: 1 });
    expect(parts(c, 'tool')).toEqual([{ type: 'tool_call_response', id: 'c1', response: 'file contents here' }]);
    expect(c.messages[0]).toMatchObject({ role: 'system', kind: 'system-prompt' });
    expect(c.title).toBe('please add mcp servers');
  });
});

describe('copilot-cli provider: damaged and unusual files', () => {
  const source = row(48).absPath;
  const lines = readFileSync(source, 'utf8').split('\n');

  it('skips a truncated line with a warning and keeps the rest', async () => {
    const at = lines.findIndex((l) => l.includes('"type":"user.message"'));
    const broken = [...lines];
    broken[at] = broken[at].slice(0, 80);
    const file = path.join(tmp, 'broken', 'events.jsonl');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, broken.join('\n'));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ line: at + 1, message: expect.stringMatching(/Unreadable JSON/) }]);
    expect(counts(c)).toEqual({ typed: 0, texts: 1, calls: 3 });
    expect(parts(c, 'tool').filter((p) => p.type === 'tool_call_response').length).toBe(3);
  });

  it('keeps unknown event types as generic messages with one warning naming them', async () => {
    const extra = [
      JSON.stringify({ type: 'brand.new_event', data: { a: 1 }, id: 'e1', timestamp: '2026-04-07T21:09:00.000Z', parentId: null }),
      JSON.stringify({ type: 'brand.new_event', data: { a: 2 }, id: 'e2', timestamp: '2026-04-07T21:09:01.000Z', parentId: 'e1' }),
      JSON.stringify({ type: 'other.thing', data: {}, id: 'e3', timestamp: '2026-04-07T21:09:02.000Z', parentId: 'e2' }),
      // Ephemeral events are live UI updates: no message, no warning.
      JSON.stringify({ type: 'brand.delta', data: {}, id: 'e4', timestamp: '2026-04-07T21:09:03.000Z', parentId: 'e3', ephemeral: true }),
    ];
    const file = path.join(tmp, 'unknown.jsonl');
    writeFileSync(file, [...lines.filter((l) => l), ...extra, ''].join('\n'));
    const c = await parseMain(file);
    expect(c.warnings.length).toBe(1);
    expect(c.warnings[0].message).toContain('brand.new_event, other.thing');
    const generic = c.messages.filter((m) => m.kind === 'unknown');
    expect(generic.length).toBe(3);
    expect(generic.every((m) => m.role === 'system' && m.parts[0].type === 'generic')).toBe(true);
  });

  it('splits subagent events into their own conversations', async () => {
    // Subagent events share the parent's log with `agentId` (envelope) / `parentToolCallId`
    // (data), per github/copilot-sdk nodejs/src/generated/session-events.ts (commit cc0438d6)
    // and docs/features/streaming-events.md. No real log with a subagent was found, so these
    // few records follow that schema; the rest of the file is the real 1.0.20 log.
    const ev = (type: string, data: object, extra: object = {}) =>
      JSON.stringify({ type, data, id: `sub-${type}-${Math.random()}`, timestamp: '2026-04-07T21:08:39.000Z', parentId: null, ...extra });
    const task = 'toolu_task_1';
    const sub = [
      ev('assistant.message', { messageId: 'm1', content: '', toolRequests: [{ toolCallId: task, name: 'task', arguments: { prompt: 'Find the README' } }] }),
      ev('tool.execution_start', { toolCallId: task, toolName: 'task', arguments: { prompt: 'Find the README' } }),
      ev('subagent.started', { toolCallId: task, agentName: 'explore', agentDisplayName: 'Explore', agentDescription: 'Looks around' }),
      ev('user.message', { content: 'Find the README', parentToolCallId: task }, { agentId: 'agent-1' }),
      ev('assistant.message', { messageId: 'm2', content: 'Found it.', parentToolCallId: task, toolRequests: [{ toolCallId: 'inner-1', name: 'view', arguments: { path: '/r' } }] }, { agentId: 'agent-1' }),
      ev('tool.execution_start', { toolCallId: 'inner-1', toolName: 'view', arguments: { path: '/r' } }, { agentId: 'agent-1' }),
      ev('tool.execution_complete', { toolCallId: 'inner-1', success: true, result: { content: 'readme' } }, { agentId: 'agent-1' }),
      ev('subagent.completed', { toolCallId: task, agentName: 'explore', agentDisplayName: 'Explore' }),
      ev('tool.execution_complete', { toolCallId: task, success: true, result: { content: 'README is at /r' } }),
    ];
    const file = path.join(tmp, 'subagent.jsonl');
    const body = lines.filter((l) => l);
    writeFileSync(file, [...body.slice(0, -1), ...sub, body[body.length - 1], ''].join('\n'));
    const [main, child, ...rest] = await parseAll(file);
    expect(rest).toEqual([]);
    expect(counts(main)).toEqual({ typed: 1, texts: 1, calls: 4 });
    expect(child.parentId).toBe(main.id);
    expect(child.relation).toBe('subagent');
    expect(child.parentToolCallId).toBe(task);
    expect(child.id).toBe(subConversationId('copilot-cli', main.nativeId, task));
    expect(child.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(child.messages.find((m) => m.kind === 'subagent-task')!.parts).toEqual([{ type: 'text', content: 'Find the README' }]);
    expect(counts(child)).toEqual({ typed: 0, texts: 1, calls: 1 });
    expect(child.messages.map((m) => m.kind ?? m.role)).toEqual(['subagent-started', 'subagent-task', 'assistant', 'tool', 'subagent-completed']);
    expect(child.title).toBe('Find the README');
    expect(copilotCliProvider.resumeCommand(child)).toBeUndefined();
  });

  it('returns nothing for an empty file', async () => {
    const file = path.join(tmp, 'empty.jsonl');
    writeFileSync(file, '');
    expect(await parseAll(file)).toEqual([]);
  });
});

describe('copilot-cli provider: detect, locate, resume', () => {

  it('detects a compact legacy session and an event log cut off inside its first line', () => {
    expect(copilotCliProvider.detect({ path: 'x.json', head: '{"sessionId":"abc","startTime":"2025-10-01T00:00:00Z","chatMessages":[' })).toBe(true);
    expect(copilotCliProvider.detect({ path: 'x.jsonl', head: '{"type":"session.start","data":{"sessionId":"abc","copilotVersion":"1.0.' })).toBe(true);
  });

  it('finds event logs, flat logs and legacy sessions, and nothing else', async () => {
    const home = path.join(tmp, 'home');
    const state = path.join(home, '.copilot', 'session-state');
    const dir = path.join(state, '96ef38f0-9d09-45c3-8124-6448c36090ed');
    mkdirSync(path.join(dir, 'checkpoints'), { recursive: true });
    mkdirSync(path.join(home, '.copilot', 'history-session-state'), { recursive: true });
    writeFileSync(path.join(dir, 'events.jsonl'), '');
    writeFileSync(path.join(dir, 'workspace.yaml'), '');
    writeFileSync(path.join(dir, 'auth.json'), '{}');
    writeFileSync(path.join(state, '0b2a81da-02cf-4cbb-ae14-07c597b84f4e.jsonl'), '');
    writeFileSync(path.join(state, 'oauth_token.jsonl'), '');
    writeFileSync(path.join(home, '.copilot', 'history-session-state', 'session_1.json'), '{}');
    writeFileSync(path.join(home, '.copilot', 'config.json'), '{}');
    writeFileSync(path.join(home, '.copilot', 'credentials.json'), '{}');
    const found = await copilotCliProvider.locate(home);
    expect(found.map((f) => path.relative(home, f)).sort()).toEqual([
      path.join('.copilot', 'history-session-state', 'session_1.json'),
      path.join('.copilot', 'session-state', '0b2a81da-02cf-4cbb-ae14-07c597b84f4e.jsonl'),
      path.join('.copilot', 'session-state', '96ef38f0-9d09-45c3-8124-6448c36090ed', 'events.jsonl'),
    ]);
    expect(await copilotCliProvider.locate(path.join(tmp, 'no-such-home'))).toEqual([]);
  });

  it('resumes with copilot --resume <id> in the cwd', async () => {
    const c = await parseMain(row(48).absPath);
    expect(copilotCliProvider.resumeCommand(c)).toEqual({ command: `copilot --resume ${c.nativeId}`, cwd: c.cwd });
  });
});
