import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation, Message } from '../../../../shared/record';
import { counts, countedFacts, eachRow, providerUnderTest, toolResults } from '../../../../test/provider-kit';
import { readHead } from '../../capture/read-lines';
import { kimiCliProvider } from './index';
import { fileParseContext } from '../../capture/parse-context';

const kit = providerUnderTest(kimiCliProvider);
const { rows, tmp, row } = kit;
const parseMain = (file: string): Promise<Conversation> => kit.parseMain(file, 1);

const facts = counts;
const expected = countedFacts;
const kinds = (c: Conversation, kind: string): Message[] => c.messages.filter((m) => m.kind === kind);

function mkdirp(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}

eachRow(rows, { atLeast: 5 }, 'kimi provider: every message line kept (context JSONL)', async (r) => {
  const c = await parseMain(r.absPath);
  // Only the _checkpoint / _usage bookkeeping lines make no message.
  const roles = JSON.parse(r.other.roles) as Record<string, number>;
  expect(c.messages.length).toBe(Number(r.other.records) - (roles._checkpoint ?? 0) - (roles._usage ?? 0));
});

describe('kimi provider: conversation shape', () => {
  it('answers every call once, errors flagged (results join their calls: conformance suite)', async () => {
    let errors = 0;
    for (const r of rows) {
      const responses = toolResults(await parseMain(r.absPath));
      expect(responses.length, r.file).toBe(r.toolCalls);
      errors += responses.filter((p) => p.isError).length;
      for (const p of responses) if (p.isError) expect(p.response).toMatch(/^<system>(ERROR|Command failed)/);
    }
    // #59 has three failed shell commands ("<system>Command failed with exit code: N.</system>").
    expect(errors).toBe(3);
  });

  it('makes the _read_N context files subagents of their session, linked to the parent call', async () => {
    const main = await parseMain(row(56).absPath);
    const sub = await parseMain(row(57).absPath);
    expect(main.id).toBe('kimi-cli_531d195b-6436-426e-b010-4bf723a992de');
    expect(main.parentId).toBeUndefined();
    expect(sub.parentId).toBe(main.id);
    expect(sub.relation).toBe('subagent');
    expect(sub.nativeId).toBe('531d195b-6436-426e-b010-4bf723a992de.read_1');
    expect(sub.id).not.toBe(main.id);
    // The parent's ReadContext call whose result names this transcript file.
    expect(sub.parentToolCallId).toBe('ReadContext:1');
    const task = kinds(sub, 'subagent-task')[0];
    expect(task.role).toBe('system');
    expect(task.parts[0].type === 'text' && task.parts[0].content.startsWith('You are assisting the main agent')).toBe(true);
  });

  it('fills the conversation fields; the work dir comes from kimi.json', async () => {
    const home = path.join(tmp, 'fields-home');
    const dir = mkdirp(path.join(home, '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b'));
    writeFileSync(path.join(home, '.kimi', 'kimi.json'), JSON.stringify({ work_dirs: [{ path: '/elsewhere' }, { path: '/testbed', kaos: 'local' }] }));
    const file = path.join(dir, path.basename(row(59).absPath));
    copyFileSync(row(59).absPath, file);
    const c = await parseMain(file);
    expect(c.agent).toBe('kimi-cli');
    expect(c.cwd).toBe('/testbed');
    expect(c.workspace).toBe('testbed');
    expect(c.title).toMatch(/^You will be provided with a partial code base/);
    expect(c.endedAt).toBeDefined();
    expect(c.sources).toEqual([file]);
    expect(new Set(c.messages.map((m) => m.id)).size).toBe(c.messages.length);
    for (const m of c.messages) {
      expect(m.source).toBe(0);
      expect(m.native && JSON.parse(m.native).role).toBe(m.role === 'system' ? 'user' : m.role);
    }
    expect(kimiCliProvider.resumeCommand(c)).toEqual({ command: 'kimi --session d8447fa8-9d8e-41af-9fc6-a12e4a196b6c', cwd: '/testbed' });
  });
});

describe('kimi provider: damaged input', () => {
  const lines = readFileSync(row(56).absPath, 'utf8').split('\n');

  it('skips a truncated line with a warning and keeps the rest', async () => {
    const victim = lines.findIndex((l) => l.startsWith('{"role":"assistant"') && l.includes('"tool_calls"'));
    const broken = [...lines];
    broken[victim] = broken[victim].slice(0, 50);
    const file = path.join(tmp, '531d195b-6436-426e-b010-4bf723a992de.jsonl');
    writeFileSync(file, broken.join('\n'));
    const c = await parseMain(file);
    expect(c.warnings).toEqual([{ line: victim + 1, message: expect.stringMatching(/Unreadable JSON/) }]);
    const lost = (JSON.parse(lines[victim]).tool_calls as unknown[]).length;
    expect(facts(c).calls).toBe(row(56).toolCalls - lost);
    expect(facts(c).typed).toBe(1);
  });

  it('keeps unknown roles and part types with one warning naming them', async () => {
    const extra = [JSON.stringify({ role: 'observer', content: 'x' }), JSON.stringify({ role: 'assistant', content: [{ type: 'hologram', data: 1 }] })];
    const file = path.join(tmp, 'unknown.jsonl');
    writeFileSync(file, [...lines.filter(Boolean), ...extra, ''].join('\n'));
    const c = await parseMain(file);
    expect(c.warnings.length).toBe(1);
    expect(c.warnings[0].message).toContain('role:observer');
    expect(c.warnings[0].message).toContain('part:hologram');
    expect(facts(c)).toEqual(expected(row(56)));
  });

  it('classifies injected user lines (checkpoints, compaction, reminders) as system', async () => {
    // Shapes from kimi-cli soul/context.py checkpoint(add_user_message) and soul/compaction.py.
    const extra = [
      JSON.stringify({ role: 'user', content: [{ type: 'text', text: '<system>CHECKPOINT 3</system>' }] }),
      JSON.stringify({ role: 'user', content: [{ type: 'text', text: '<system>Previous context has been compacted. Here is the compaction output:</system>' }, { type: 'text', text: 'summary' }] }),
      JSON.stringify({ role: 'user', content: [{ type: 'text', text: '<system-reminder>\nplan mode\n</system-reminder>' }] }),
      JSON.stringify({ role: '_system_prompt', content: 'You are Kimi.' }),
    ];
    const file = path.join(tmp, 'injected.jsonl');
    writeFileSync(file, [...lines.filter(Boolean), ...extra, ''].join('\n'));
    const c = await parseMain(file);
    expect(facts(c).typed).toBe(1);
    expect(['checkpoint', 'compaction-summary', 'reminder', 'system-prompt'].map((k) => kinds(c, k).length)).toEqual([1, 1, 1, 1]);
  });

  it('returns nothing for an empty file', async () => {
    const file = path.join(tmp, 'empty.jsonl');
    writeFileSync(file, '');
    expect(await kimiCliProvider.parse(fileParseContext(file))).toEqual([]);
  });
});

/**
 * kimi-code has no real transcript to test with. These records follow MoonshotAI/kimi-code
 * (kimi-code 0.38.0, packages/agent-core-v2, wire protocol 1.5): docs/wire-manifest.d.ts,
 * agent/contextMemory/loopEventFold.ts (loop events), contextMemory/types.ts (origins),
 * session/sessionMetadata/sessionMetadata.ts (state.json).
 */
function kimiCodeSession(home: string): { main: string; sub: string } {
  const sessionDir = path.join(home, '.kimi-code', 'sessions', 'wd_project_1a2b3c', 'session_abc123');
  const t = 1767000000000;
  const rec = (o: object, i: number) => JSON.stringify({ ...o, time: t + i * 1000 });
  const main = [
    JSON.stringify({ type: 'metadata', protocol_version: '1.5', created_at: t }),
    rec({ type: 'config.update', agentId: 'main', environmentDisclosure: { cwd: '/home/me/project', date: { disclosed: false } } }, 0),
    rec({ type: 'turn.prompt', agentId: 'main', input: [{ type: 'text', text: 'fix the failing test' }], origin: { kind: 'user' } }, 1),
    rec({ type: 'context.append_message', agentId: 'main', message: { role: 'user', content: [{ type: 'text', text: '<system-reminder>cwd</system-reminder>' }], toolCalls: [], origin: { kind: 'injection', variant: 'environment' } } }, 2),
    rec({ type: 'context.append_message', agentId: 'main', message: { role: 'user', content: [{ type: 'text', text: 'fix the failing test' }], toolCalls: [], origin: { kind: 'user' } } }, 3),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'step.begin', uuid: 's1', turnId: '1', step: 1 } }, 4),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'content.part', stepUuid: 's1', part: { type: 'think', think: 'look at the test' } } }, 5),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'content.part', stepUuid: 's1', part: { type: 'text', text: 'Running the tests.' } } }, 6),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'tool.call', stepUuid: 's1', toolCallId: 'call_1', name: 'Bash', args: { command: 'npm test' } } }, 7),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'step.end', uuid: 's1', finishReason: 'tool_calls', usage: { inputOther: 100, output: 20, inputCacheRead: 50, inputCacheCreation: 0 } } }, 8),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'tool.result', toolCallId: 'call_1', result: { output: '1 failing', isError: true } } }, 9),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'step.begin', uuid: 's2' } }, 10),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'content.part', stepUuid: 's2', part: { type: 'text', text: 'Fixed it.' } } }, 11),
    rec({ type: 'context.append_loop_event', agentId: 'main', event: { type: 'step.end', uuid: 's2', finishReason: 'stop', usage: { inputOther: 10, output: 5, inputCacheRead: 150, inputCacheCreation: 0 } } }, 12),
    rec({ type: 'usage.record', agentId: 'main', model: 'kimi-k2.6', usage: { inputOther: 110, output: 25, inputCacheRead: 200, inputCacheCreation: 0 }, usageScope: 'turn' }, 13),
    rec({ type: 'turn.ended', agentId: 'main', turnId: 1, reason: 'completed' }, 14),
    rec({ type: 'context.append_message', agentId: 'main', message: { role: 'user', content: [{ type: 'text', text: 'Review skill body…' }], toolCalls: [], origin: { kind: 'skill_activation', activationId: 'a1', skillName: 'review', skillArgs: 'src/', trigger: 'user-slash' } } }, 15),
    rec({ type: 'brand.new_record', agentId: 'main' }, 16),
  ];
  const sub = [
    JSON.stringify({ type: 'metadata', protocol_version: '1.5', created_at: t }),
    rec({ type: 'context.append_message', agentId: 'agent-1', message: { role: 'user', content: [{ type: 'text', text: 'Find where the test fixture is built.' }], toolCalls: [], origin: { kind: 'user' } } }, 1),
    rec({ type: 'context.append_loop_event', agentId: 'agent-1', event: { type: 'step.begin', uuid: 'x1' } }, 2),
    rec({ type: 'context.append_loop_event', agentId: 'agent-1', event: { type: 'content.part', stepUuid: 'x1', part: { type: 'text', text: 'In test/setup.ts.' } } }, 3),
    rec({ type: 'context.append_loop_event', agentId: 'agent-1', event: { type: 'step.end', uuid: 'x1', finishReason: 'stop' } }, 4),
  ];
  const mainFile = path.join(mkdirp(path.join(sessionDir, 'agents', 'main')), 'wire.jsonl');
  const subFile = path.join(mkdirp(path.join(sessionDir, 'agents', 'agent-1')), 'wire.jsonl');
  writeFileSync(mainFile, `${main.join('\n')}\n`);
  writeFileSync(subFile, `${sub.join('\n')}\n`);
  writeFileSync(
    path.join(sessionDir, 'state.json'),
    JSON.stringify({ id: 'session_abc123', version: 2, title: 'Fix failing test', titleKind: 'generated', createdAt: t, updatedAt: t + 20000, archived: false, cwd: '/home/me/project', agents: { main: { type: 'main' }, 'agent-1': { type: 'sub', parentAgentId: 'main' } } }),
  );
  return { main: mainFile, sub: subFile };
}

describe('kimi provider: kimi-code wire.jsonl (from source, no real file)', () => {
  const home = path.join(tmp, 'code-home');
  const files = kimiCodeSession(home);

  it('rebuilds the transcript the way kimi-code replays it', async () => {
    const c = await parseMain(files.main);
    expect(c.id).toBe('kimi-cli_session_abc123');
    expect(c.title).toBe('Fix failing test');
    expect(c.cwd).toBe('/home/me/project');
    expect(c.models).toEqual(['kimi-k2.6']);
    expect(c.usage).toEqual({ inputTokens: 110, outputTokens: 25, cacheReadTokens: 200, cacheWriteTokens: 0 });
    expect(c.startedAt).toBe(new Date(1767000000000).toISOString());
    expect(facts(c)).toEqual({ typed: 2, texts: 2, calls: 1 });
    const typed = c.messages.filter((m) => m.role === 'user');
    // The turn.prompt record and its context copy are one message.
    expect(typed[0].native!.split('\n').length).toBe(2);
    expect(typed[1].kind).toBe('slash-command');
    expect(typed[1].parts[0]).toEqual({ type: 'text', content: '/review src/' });
    expect(kinds(c, 'injection').length).toBe(1);
    const response = c.messages.flatMap((m) => m.parts).find((p) => p.type === 'tool_call_response');
    expect(response).toEqual({ type: 'tool_call_response', id: 'call_1', response: '1 failing', isError: true });
    expect(c.messages.flatMap((m) => m.parts).some((p) => p.type === 'reasoning' && p.content === 'look at the test')).toBe(true);
    expect(c.warnings).toEqual([{ message: expect.stringContaining('brand.new_record') }]);
    expect(kimiCliProvider.resumeCommand(c)).toEqual({ command: 'kimi --session session_abc123', cwd: '/home/me/project' });
  });

  it('makes other agents subagent conversations of the session', async () => {
    const c = await parseMain(files.sub);
    expect([c.parentId, c.relation]).toEqual(['kimi-cli_session_abc123', 'subagent']);
    expect(facts(c)).toEqual({ typed: 0, texts: 1, calls: 0 });
    expect(kinds(c, 'subagent-task').length).toBe(1);
    expect(kimiCliProvider.resumeCommand(c)).toBeUndefined();
  });

  it('skips a broken journal line with a warning', async () => {
    const lines = readFileSync(files.main, 'utf8').split('\n');
    const file = path.join(tmp, 'broken-wire', 'agents', 'main', 'wire.jsonl');
    mkdirp(path.dirname(file));
    writeFileSync(file, [...lines.slice(0, 4), lines[4].slice(0, 30), ...lines.slice(5)].join('\n'));
    const c = await parseMain(file);
    expect(c.warnings[0]).toEqual({ line: 5, message: expect.stringMatching(/Unreadable JSON/) });
    // The typed prompt survives through its turn.prompt record.
    expect(facts(c)).toEqual({ typed: 2, texts: 2, calls: 1 });
  });
});

/**
 * The person's own side conversations in a kimi-code session: `/btw` forks the main agent
 * (session/btw/btwService.ts: `lifecycle.fork('main')`, which copies main's messages into the
 * child's context and registers it with `forkedFrom`, agentLifecycleService.ts), and the v1
 * engine's `independent` agents (the person's, no parent tool call). Records as kimiCodeSession.
 */
function kimiCodeSideAgents(home: string): { fork: string; independent: string } {
  const sessionDir = mkdirp(path.join(home, '.kimi-code', 'sessions', 'wd_project_1a2b3c', 'session_side01'));
  const t = 1767000000000;
  const rec = (o: object, i: number) => JSON.stringify({ ...o, time: t + i * 1000 });
  const user = (agentId: string, text: string, origin: object, i: number) => rec({ type: 'context.append_message', agentId, message: { role: 'user', content: [{ type: 'text', text }], toolCalls: [], origin } }, i);
  const answer = (agentId: string, uuid: string, text: string, i: number) => [
    rec({ type: 'context.append_loop_event', agentId, event: { type: 'step.begin', uuid } }, i),
    rec({ type: 'context.append_loop_event', agentId, event: { type: 'content.part', stepUuid: uuid, part: { type: 'text', text } } }, i + 1),
    rec({ type: 'context.append_loop_event', agentId, event: { type: 'step.end', uuid, finishReason: 'stop' } }, i + 2),
  ];
  const fork = [
    JSON.stringify({ type: 'metadata', protocol_version: '1.5', created_at: t }),
    // The main agent's history, copied when the fork was made.
    user('agent-2', 'fix the failing test', { kind: 'user' }, 1),
    rec({ type: 'context.append_message', agentId: 'agent-2', message: { role: 'assistant', content: [{ type: 'text', text: 'Fixed it.' }], toolCalls: [] } }, 2),
    user('agent-2', '<system-reminder>side question: tools are disabled</system-reminder>', { kind: 'system_trigger', name: 'btw' }, 3),
    rec({ type: 'turn.prompt', agentId: 'agent-2', input: [{ type: 'text', text: 'why did it fail at all?' }], origin: { kind: 'user' } }, 4),
    user('agent-2', 'why did it fail at all?', { kind: 'user' }, 5),
    ...answer('agent-2', 'f1', 'A stale fixture.', 6),
  ];
  const independent = [
    JSON.stringify({ type: 'metadata', protocol_version: '1.4', created_at: t }),
    rec({ type: 'turn.prompt', agentId: 'agent-3', input: [{ type: 'text', text: 'draft the release notes' }], origin: { kind: 'user' } }, 1),
    user('agent-3', 'draft the release notes', { kind: 'user' }, 2),
    ...answer('agent-3', 'i1', 'Here they are.', 3),
  ];
  const write = (agentId: string, lines: string[]) => {
    const file = path.join(mkdirp(path.join(sessionDir, 'agents', agentId)), 'wire.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const agents = { main: { type: 'main' }, 'agent-2': { type: 'sub', parentAgentId: 'main', forkedFrom: 'main' }, 'agent-3': { type: 'independent', parentAgentId: 'main' } };
  writeFileSync(path.join(sessionDir, 'state.json'), JSON.stringify({ id: 'session_side01', version: 2, title: 'Fix failing test', createdAt: t, updatedAt: t + 9000, archived: false, cwd: '/home/me/project', agents }));
  return { fork: write('agent-2', fork), independent: write('agent-3', independent) };
}

describe('kimi provider: the person\'s side conversations are forks, not subagents', () => {
  const files = kimiCodeSideAgents(path.join(tmp, 'side-home'));

  it('links a /btw fork to the session as a fork; its typed question counts, the copied history is one fork-point', async () => {
    const c = await parseMain(files.fork);
    expect([c.parentId, c.relation]).toEqual(['kimi-cli_session_side01', 'fork']);
    expect(kinds(c, 'subagent-task')).toEqual([]);
    expect(c.messages.filter((m) => m.role === 'user').map((m) => m.parts[0])).toEqual([{ type: 'text', content: 'why did it fail at all?' }]);
    const [point] = kinds(c, 'fork-point');
    expect(point.parts).toEqual([
      { type: 'text', content: 'Forked from kimi-cli_session_side01, starting from its history (3 messages, kept here).' },
      { type: 'generic', kind: 'forked-from', content: 'kimi-cli_session_side01' },
    ]);
    // The copied records are kept, one per line, in the fork-point's native.
    expect(point.native!.split('\n').map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['context.append_message', 'context.append_message', 'context.append_message']);
    expect(c.messages.indexOf(point)).toBe(0);
  });

  it('links an independent agent to the session as a fork, its prompt typed by the person', async () => {
    const c = await parseMain(files.independent);
    expect([c.parentId, c.relation]).toEqual(['kimi-cli_session_side01', 'fork']);
    expect(facts(c)).toEqual({ typed: 1, texts: 1, calls: 0 });
    expect(kinds(c, 'fork-point')).toEqual([]);
  });
});

describe('kimi provider: detect and locate', () => {

  it('detects kimi-code journals but not kimi-cli’s own wire log', async () => {
    const home = path.join(tmp, 'detect-home');
    const { main } = kimiCodeSession(home);
    expect(kimiCliProvider.detect({ path: main, head: await readHead(main) })).toBe(true);
    const cliWire = '{"type": "metadata", "protocol_version": "1.3"}\n{"timestamp": 1760000000.1, "message": {"type": "TurnBegin", "payload": {}}}\n';
    expect(kimiCliProvider.detect({ path: '/h/.kimi/sessions/x/s/wire.jsonl', head: cliWire })).toBe(false);
  });

  it('finds every layout’s transcripts and nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const hashDir = mkdirp(path.join(home, '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b'));
    for (const r of rows) copyFileSync(r.absPath, path.join(hashDir, path.basename(r.absPath)));
    const sessionDir = mkdirp(path.join(hashDir, '0f0f0f0f-0000-4000-8000-000000000001'));
    for (const name of ['context.jsonl', 'context_1.jsonl', 'wire.jsonl', 'state.json']) writeFileSync(path.join(sessionDir, name), '');
    writeFileSync(path.join(mkdirp(path.join(sessionDir, 'subagents', 'a1')), 'context.jsonl'), '');
    writeFileSync(path.join(home, '.kimi', 'kimi.json'), '{}');
    writeFileSync(path.join(home, '.kimi', 'config.toml'), 'api_key = "x"');
    writeFileSync(path.join(mkdirp(path.join(home, '.kimi', 'credentials')), 'kimi-code.json'), '{}');
    writeFileSync(path.join(hashDir, 'oauth_token.jsonl'), '{}');
    kimiCodeSession(home);
    writeFileSync(path.join(home, '.kimi-code', 'config.toml'), '');
    const found = (await kimiCliProvider.locate(home)).map((f) => path.relative(home, f).split(path.sep).join('/'));
    const sid = '.kimi/sessions/00d5060aaec3fda180930ea52304b87b/0f0f0f0f-0000-4000-8000-000000000001';
    expect(found.sort()).toEqual(
      [
        ...rows.map((r) => `.kimi/sessions/00d5060aaec3fda180930ea52304b87b/${path.basename(r.absPath)}`),
        `${sid}/context.jsonl`,
        `${sid}/context_1.jsonl`,
        `${sid}/subagents/a1/context.jsonl`,
        '.kimi-code/sessions/wd_project_1a2b3c/session_abc123/agents/agent-1/wire.jsonl',
        '.kimi-code/sessions/wd_project_1a2b3c/session_abc123/agents/main/wire.jsonl',
      ].sort(),
    );
    expect(await kimiCliProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('names the current-layout files: rotated context and subagents', async () => {
    const home = path.join(tmp, 'layout-home');
    const sessionDir = mkdirp(path.join(home, '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b', 'd8447fa8-9d8e-41af-9fc6-a12e4a196b6c'));
    copyFileSync(row(59).absPath, path.join(sessionDir, 'context.jsonl'));
    copyFileSync(row(59).absPath, path.join(sessionDir, 'context_1.jsonl'));
    copyFileSync(row(60).absPath, path.join(mkdirp(path.join(sessionDir, 'subagents', 'a1')), 'context.jsonl'));
    writeFileSync(path.join(sessionDir, 'state.json'), JSON.stringify({ custom_title: 'sklearn fix' }));
    writeFileSync(path.join(sessionDir, 'wire.jsonl'), '{"type": "metadata", "protocol_version": "1.3"}\n{"timestamp": 1761814000.5, "message": {}}\n{"timestamp": 1761815000.25, "message": {}}\n');
    const main = await parseMain(path.join(sessionDir, 'context.jsonl'));
    expect(main.id).toBe('kimi-cli_d8447fa8-9d8e-41af-9fc6-a12e4a196b6c');
    expect(main.title).toBe('sklearn fix');
    expect(main.startedAt).toBe(new Date(1761814000500).toISOString());
    expect(main.endedAt).toBe(new Date(1761815000250).toISOString());
    const rotated = await parseMain(path.join(sessionDir, 'context_1.jsonl'));
    expect(rotated.nativeId).toBe('d8447fa8-9d8e-41af-9fc6-a12e4a196b6c.context_1');
    expect(rotated.parentId).toBeUndefined();
    expect(facts(rotated)).toEqual(expected(row(59)));
    const sub = await parseMain(path.join(sessionDir, 'subagents', 'a1', 'context.jsonl'));
    expect(sub.parentId).toBe(main.id);
    expect(facts(sub)).toEqual(expected(row(60)));
  });
});
