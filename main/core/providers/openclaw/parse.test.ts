/**
 * No real OpenClaw transcript exists in the fixtures. The layout and store follow openclaw/
 * openclaw docs/reference/session-management-compaction.md (commit 010f0c86, 2026): per agent
 * `~/.openclaw/agents/<agentId>/sessions/sessions.json` (`sessionKey -> SessionEntry` with
 * `sessionId`, `displayName`, `chatType`…) and `<sessionId>.jsonl` transcripts written by Pi's
 * SessionManager (the Pi session format: see ../pi/parse.test.ts for its sources), reset
 * archives `*.jsonl.reset.<time>`, Telegram topic transcripts `<id>-topic-<thread>.jsonl`.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { detectProvider } from '../registry';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { openclawProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(openclawProvider);

const SESSION = 'b7300bff-a214-4c11-97ae-eab26883c67a';
const OLD = '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const WORKSPACE = '/home/me/.openclaw/workspace';
const usage = { input: 900, output: 40, cacheRead: 0, cacheWrite: 0, totalTokens: 940, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

function transcript(id: string, prompt: string): string[] {
  return [
    { type: 'session', version: 3, id, timestamp: '2026-04-08T01:03:43.107Z', cwd: WORKSPACE },
    { type: 'model_change', id: '7f59d586', parentId: null, timestamp: '2026-04-08T01:03:43.116Z', provider: 'anthropic', modelId: 'claude-opus-4-5' },
    { type: 'thinking_level_change', id: '9b229e99', parentId: '7f59d586', timestamp: '2026-04-08T01:03:43.116Z', thinkingLevel: 'off' },
    { type: 'custom', id: 'a1b2c3d4', parentId: '9b229e99', timestamp: '2026-04-08T01:03:43.117Z', customType: 'model-snapshot', data: { provider: 'anthropic', modelId: 'claude-opus-4-5' } },
    { type: 'message', id: 'b2c3d4e5', parentId: 'a1b2c3d4', timestamp: '2026-04-08T01:03:44.000Z', message: { role: 'user', content: [{ type: 'text', text: prompt }], timestamp: 1775610224000 } },
    { type: 'message', id: 'c3d4e5f6', parentId: 'b2c3d4e5', timestamp: '2026-04-08T01:03:46.000Z', message: { role: 'assistant', content: [{ type: 'thinking', thinking: 'Check the calendar.' }, { type: 'toolCall', id: 'toolu_01', name: 'exec', arguments: { command: 'gcal list --today' } }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-opus-4-5', usage, stopReason: 'toolUse', timestamp: 1775610226000 } },
    { type: 'message', id: 'd4e5f6a7', parentId: 'c3d4e5f6', timestamp: '2026-04-08T01:03:47.000Z', message: { role: 'toolResult', toolCallId: 'toolu_01', toolName: 'exec', content: [{ type: 'text', text: '10:00 standup' }], isError: false, timestamp: 1775610227000 } },
    { type: 'message', id: 'e5f6a7b8', parentId: 'd4e5f6a7', timestamp: '2026-04-08T01:03:49.000Z', message: { role: 'assistant', content: [{ type: 'text', text: 'You have a standup at 10:00.' }], api: 'anthropic-messages', provider: 'anthropic', model: 'claude-opus-4-5', usage, stopReason: 'stop', timestamp: 1775610229000 } },
  ].map((e) => JSON.stringify(e));
}

const store = {
  'agent:main:telegram:group:-100123': { sessionId: SESSION, updatedAt: 1775610229000, chatType: 'group', provider: 'telegram', displayName: 'Family planning', inputTokens: 900, outputTokens: 40 },
  'agent:main:main': { sessionId: 'ffffffff-0000-4000-8000-000000000000', updatedAt: 1775600000000 },
};

function sessionsDir(home: string, agent = 'main', state = '.openclaw'): string {
  return path.join(home, state, 'agents', agent, 'sessions');
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await openclawProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('openclaw provider: a transcript in the Pi session format', () => {
  const dir = sessionsDir(path.join(tmp, 'h1'));
  writeFileIn(path.join(dir, 'sessions.json'), JSON.stringify(store));
  const file = writeFileIn(path.join(dir, `${SESSION}.jsonl`), `${transcript(SESSION, '[Telegram Family planning id:-100123] What is on today?').join('\n')}\n`);

  it('reads the prompt from the chat, answers, thinking, tool calls and results; titles it by the chat', async () => {
    const c = await parseOne(file);
    expectOutlineGolden('openclaw', [c]); // test/golden/outline/openclaw.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['[Telegram Family planning id:-100123] What is on today?']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual(['You have a standup at 10:00.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([{ type: 'tool_call', id: 'toolu_01', name: 'exec', arguments: '{"command":"gcal list --today"}' }]);
    expect(parts(c, 'tool')).toEqual([{ type: 'tool_call_response', id: 'toolu_01', response: '10:00 standup' }]);
    expect(c).toMatchObject({ id: `openclaw_${SESSION}`, agent: 'openclaw', title: 'Family planning', cwd: WORKSPACE, models: ['claude-opus-4-5'] });
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
    expect(openclawProvider.resumeCommand(c)).toBeUndefined();
  });

  it('reads a reset archive under its session id, and needs no sessions.json', async () => {
    const archived = writeFileIn(path.join(sessionsDir(path.join(tmp, 'h2')), `${OLD}.jsonl.reset.2026-04-07T04-00-00.000Z`), `${transcript(OLD, 'good morning').join('\n')}\n`);
    const c = await parseOne(archived);
    expect(c).toMatchObject({ id: `openclaw_${OLD}`, nativeId: OLD, title: 'good morning' });
  });
});

describe('openclaw provider: detect and locate', () => {
  it('claims Pi-format files under an OpenClaw state folder, and leaves Pi its own', () => {
    const head = `${transcript(SESSION, 'hi').join('\n')}\n`;
    expect(openclawProvider.detect({ path: `/home/me/.openclaw/agents/main/sessions/${SESSION}.jsonl`, head })).toBe(true);
    expect(detectProvider({ path: `/home/me/.openclaw/agents/main/sessions/${SESSION}.jsonl`, head })?.agent).toBe('openclaw');
    expect(detectProvider({ path: `/home/me/.pi/agent/sessions/--x--/${SESSION}.jsonl`, head })?.agent).toBe('pi');
    expect(openclawProvider.detect({ path: '/home/me/.openclaw/agents/main/sessions/x.jsonl', head: '{"type":"user"}' })).toBe(false);
  });

  it('finds transcripts, topic transcripts and reset archives of every agent and profile, nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const main = writeFileIn(path.join(sessionsDir(home), `${SESSION}.jsonl`), '{}\n');
    const topic = writeFileIn(path.join(sessionsDir(home), `${SESSION}-topic-42.jsonl`), '{}\n');
    const reset = writeFileIn(path.join(sessionsDir(home), `${OLD}.jsonl.reset.2026-04-07T04-00-00.000Z`), '{}\n');
    const work = writeFileIn(path.join(sessionsDir(home, 'work'), `${OLD}.jsonl`), '{}\n');
    const dev = writeFileIn(path.join(sessionsDir(home, 'main', '.openclaw-dev'), `${SESSION}.jsonl`), '{}\n');
    const profile = writeFileIn(path.join(sessionsDir(home, 'main', '.openclaw-secondary'), `${SESSION}.jsonl`), '{}\n');
    writeFileIn(path.join(sessionsDir(home), 'sessions.json'), '{}');
    writeFileIn(path.join(sessionsDir(home), `${SESSION}.checkpoint.1.jsonl`), '{}\n');
    writeFileIn(path.join(home, '.openclaw', 'agents', 'main', 'agent', 'auth-profiles.json'), '{}');
    writeFileIn(path.join(home, '.openclaw', 'openclaw.json'), '{}');
    expect(await openclawProvider.locate(home)).toEqual([main, topic, reset, work, dev, profile].sort());
    expect(await openclawProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });
});

describe('openclaw provider: a plain dejavu sync of a home', () => {
  it('archives every transcript of ~/.openclaw/agents', () => {
    const home = path.join(tmp, 'sync-home');
    writeFileIn(path.join(sessionsDir(home), 'sessions.json'), JSON.stringify(store));
    writeFileIn(path.join(sessionsDir(home), `${SESSION}.jsonl`), `${transcript(SESSION, 'What is on today?').join('\n')}\n`);
    writeFileIn(path.join(sessionsDir(home), `${OLD}.jsonl.reset.2026-04-07T04-00-00.000Z`), `${transcript(OLD, 'good morning').join('\n')}\n`);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), OPENCLAW_STATE_DIR: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect(dejavuJson<{ id: string; agent: string; title?: string }[]>(['list'], env).map((c) => [c.id, c.agent, c.title]).sort()).toEqual([
      [`openclaw_${OLD}`, 'openclaw', 'good morning'],
      [`openclaw_${SESSION}`, 'openclaw', 'Family planning'],
    ]);
    const c = dejavuJson<Conversation>(['show', `openclaw_${SESSION}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['What is on today?']);
    expect(parts(c, 'tool').filter((p) => p.type === 'tool_call_response')).toHaveLength(1);
  });
});
