/**
 * No real Pi session file exists in the fixtures. The lines below follow
 * packages/coding-agent/docs/session.md and the types it points to (badlogic/pi-mono 0.58.3,
 * commit 83378aad: session version 3, entries with id/parentId, `AgentMessage` roles, content
 * blocks of packages/ai/src/types.ts) and oh-my-pi's docs/session.md (ravshansbox/oh-my-pi
 * 0807f3f2: `~/.omp/agent`, `session_init`, `mode_change`, images kept as `blob:sha256:` refs).
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { piProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(piProvider);

const SESSION = '0b3c6f2e-9a1d-4e7b-8c5f-2d4a6b8c0e13';
const CWD = '/home/me/work/demo-app';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const t = (s: number) => `2026-06-30T08:${String(20 + Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000Z`;
const usage = { input: 1200, output: 80, cacheRead: 1000, cacheWrite: 0, totalTokens: 2280, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const assistant = (content: object[], extra: object = {}) => ({ role: 'assistant', content, api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage, stopReason: 'toolUse', timestamp: 1782807601000, ...extra });

const entries = [
  { type: 'session', version: 3, id: SESSION, timestamp: t(0), cwd: CWD },
  { type: 'model_change', id: 'e0000001', parentId: null, timestamp: t(1), provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
  { type: 'message', id: 'e0000002', parentId: 'e0000001', timestamp: t(2), message: { role: 'user', content: [{ type: 'text', text: 'Why does the build fail?' }, { type: 'image', data: PNG, mimeType: 'image/png' }], timestamp: 1782807602000 } },
  { type: 'message', id: 'e0000003', parentId: 'e0000002', timestamp: t(3), message: assistant([{ type: 'thinking', thinking: 'Read the log first.', thinkingSignature: 'sig' }, { type: 'text', text: 'Let me look at the log.' }, { type: 'toolCall', id: 'toolu_01', name: 'read', arguments: { path: 'build.log' } }]) },
  { type: 'message', id: 'e0000004', parentId: 'e0000003', timestamp: t(4), message: { role: 'toolResult', toolCallId: 'toolu_01', toolName: 'read', content: [{ type: 'text', text: 'error: missing semicolon' }], isError: false, timestamp: 1782807604000 } },
  { type: 'message', id: 'e0000005', parentId: 'e0000004', timestamp: t(5), message: assistant([{ type: 'thinking', thinking: '', thinkingSignature: 'opaque', redacted: true }, { type: 'text', text: 'Add the semicolon on line 3.' }], { stopReason: 'stop' }) },
  { type: 'message', id: 'e0000006', parentId: 'e0000005', timestamp: t(6), message: { role: 'bashExecution', command: 'npm test', output: '1 passing', exitCode: 0, cancelled: false, truncated: false, timestamp: 1782807606000 } },
  { type: 'custom', id: 'e0000007', parentId: 'e0000006', timestamp: t(7), customType: 'my-extension', data: { count: 1 } },
  { type: 'label', id: 'e0000008', parentId: 'e0000007', timestamp: t(8), targetId: 'e0000003', label: 'checkpoint-1' },
  { type: 'compaction', id: 'e0000009', parentId: 'e0000008', timestamp: t(9), summary: 'The build failed on a missing semicolon; fixed.', firstKeptEntryId: 'e0000005', tokensBefore: 50000 },
  // The person went back to the first answer (/tree) and asked something else: a branch.
  { type: 'branch_summary', id: 'e000000a', parentId: 'e0000003', timestamp: t(10), fromId: 'e0000009', summary: 'Explored the log and fixed the semicolon.' },
  { type: 'message', id: 'e000000b', parentId: 'e000000a', timestamp: t(11), message: { role: 'user', content: 'run the linter instead', timestamp: 1782807611000 } },
  { type: 'custom_message', id: 'e000000c', parentId: 'e000000b', timestamp: t(12), customType: 'my-extension', content: 'Lint rules: eslint', display: true },
  { type: 'message', id: 'e000000d', parentId: 'e000000c', timestamp: t(13), message: assistant([{ type: 'toolCall', id: 'toolu_02', name: 'bash', arguments: { command: 'npm run lint' } }]) },
  { type: 'message', id: 'e000000e', parentId: 'e000000d', timestamp: t(14), message: { role: 'toolResult', toolCallId: 'toolu_02', toolName: 'bash', content: [{ type: 'text', text: 'lint failed' }], isError: true, timestamp: 1782807614000 } },
  { type: 'message', id: 'e000000f', parentId: 'e000000e', timestamp: t(15), message: assistant([], { stopReason: 'error', errorMessage: 'overloaded_error: Overloaded' }) },
  { type: 'session_info', id: 'e0000010', parentId: 'e000000f', timestamp: t(16), name: 'Fix the failing build' },
];
const lines = entries.map((e) => JSON.stringify(e));

function sessionFile(home: string, body: string, agentDir = '.pi/agent'): string {
  return writeFileIn(path.join(home, ...agentDir.split('/'), 'sessions', `--${CWD.slice(1).replace(/\//g, '-')}--`, `2026-06-30T08-20-00-000Z_${SESSION}.jsonl`), body);
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await piProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('pi provider: a session built from the pi-mono session format', () => {
  const file = sessionFile(path.join(tmp, 'h1'), `${lines.join('\n')}\n`);

  it('reads typed prompts and shell commands, answers, thinking, tool calls and results, on every branch', async () => {
    const c = await parseOne(file);
    expectOutlineGolden('pi', [c]); // test/golden/outline/pi.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map((m) => [textOf(m), m.kind ?? null])).toEqual([
      ['Why does the build fail?', null],
      ['npm test', 'shell-command'],
      ['run the linter instead', null],
    ]);
    expect(parts(c, 'user').filter((p) => p.type === 'blob')).toEqual([{ type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG }]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual(['Let me look at the log.', 'Add the semicolon on line 3.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([
      { type: 'reasoning', content: 'Read the log first.' },
      { type: 'reasoning', content: '', redacted: true },
    ]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_01', name: 'read', arguments: '{"path":"build.log"}' },
      { type: 'tool_call', id: 'toolu_02', name: 'bash', arguments: '{"command":"npm run lint"}' },
    ]);
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'toolu_01', response: 'error: missing semicolon' },
      { type: 'tool_call_response', id: 'toolu_02', response: 'lint failed', isError: true },
    ]);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => [m.kind, textOf(m)])).toEqual([
      ['model-change', 'anthropic/claude-sonnet-4-5'],
      ['command-output', '1 passing'],
      ['compaction-summary', 'The build failed on a missing semicolon; fixed.'],
      ['branch-summary', 'Explored the log and fixed the semicolon.'],
      ['extension', 'Lint rules: eslint'],
      ['api-error', 'overloaded_error: Overloaded'],
    ]);
    expect(c.messages.find((m) => textOf(m) === 'run the linter instead')).toMatchObject({ id: 'e000000b', parentId: 'e000000a', timestamp: t(11) });
    expect(c.messages.find((m) => m.id === 'e000000a')).toMatchObject({ parentId: 'e0000003' });
    expect(c.messages.find((m) => m.id === 'e0000003')).toMatchObject({ model: 'claude-sonnet-4-5', usage: { inputTokens: 1200, outputTokens: 80, cacheReadTokens: 1000, cacheWriteTokens: 0 } });
    expect(c).toMatchObject({ id: `pi_${SESSION}`, nativeId: SESSION, cwd: CWD, workspace: 'demo-app', title: 'Fix the failing build', models: ['claude-sonnet-4-5'], startedAt: t(0), endedAt: t(16) });
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
    expect(piProvider.resumeCommand(c)).toEqual({ command: `pi --session ${file}`, cwd: CWD });
  });

  it('titles an unnamed session by its first prompt', async () => {
    const c = await parseOne(sessionFile(path.join(tmp, 'h2'), `${lines.slice(0, 6).join('\n')}\n`));
    expect(c.title).toBe('Why does the build fail?');
  });

  it('reads oh-my-pi sessions, their blob images and session_init, and names a missing blob', async () => {
    const home = path.join(tmp, 'omp');
    const bytes = Buffer.from(PNG, 'base64');
    const hash = createHash('sha256').update(bytes).digest('hex');
    writeFileIn(path.join(home, '.omp', 'agent', 'blobs', hash), '');
    writeFileSync(path.join(home, '.omp', 'agent', 'blobs', hash), bytes);
    const missing = 'f'.repeat(64);
    const omp = [
      { type: 'session', version: 3, id: '1f9d2a6b9c0d1234', timestamp: t(0), cwd: CWD, title: 'Plan the release' },
      { type: 'session_init', id: 'a0000001', parentId: null, timestamp: t(1), systemPrompt: 'You are a planner.', task: 'Plan the release', tools: ['read'] },
      { type: 'mode_change', id: 'a0000002', parentId: 'a0000001', timestamp: t(2), mode: 'plan', data: { planFile: '/tmp/plan.md' } },
      { type: 'message', id: 'a0000003', parentId: 'a0000002', timestamp: t(3), message: { role: 'user', content: [{ type: 'text', text: 'see these' }, { type: 'image', data: `blob:sha256:${hash}`, mimeType: 'image/png' }, { type: 'image', data: `blob:sha256:${missing}`, mimeType: 'image/png' }], timestamp: 1 } },
    ].map((e) => JSON.stringify(e));
    const c = await parseOne(sessionFile(home, `${omp.join('\n')}\n`, '.omp/agent'));
    expect(parts(c, 'user').filter((p) => p.type !== 'text')).toEqual([
      { type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG },
      { type: 'generic', kind: 'image-ref', content: `blob:sha256:${missing}` },
    ]);
    expect(c.warnings).toEqual([{ line: 4, message: `Image blob:sha256:${missing} is not in ${path.join(home, '.omp', 'agent', 'blobs')}; kept as its reference` }]);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => m.kind)).toEqual(['system-prompt', 'subagent-task', 'mode']);
    expect(c.title).toBe('Plan the release');
    expect(piProvider.resumeCommand(c)).toBeUndefined();
  });
});

describe('pi provider: skills and files written twice', () => {
  it('shows /skill:name as typed with the skill it expanded to apart, and reads an entry written twice once', async () => {
    // agent-session.ts _expandSkillCommand (parseSkillBlock reads it back); an old fork's second header and path (#1672).
    const skill = '<skill name="git-commit" location="/home/me/.pi/agent/skills/git-commit/SKILL.md">\nReferences are relative to /home/me/.pi/agent/skills/git-commit.\n\nWrite conventional commits.\n</skill>';
    const own = [
      { type: 'session', version: 3, id: SESSION, timestamp: t(0), cwd: CWD },
      { type: 'message', id: 's1', parentId: null, timestamp: t(1), message: { role: 'user', content: [{ type: 'text', text: `${skill}\n\nfix the typo in the README` }], timestamp: 1782807601000 } },
      { type: 'message', id: 's2', parentId: 's1', timestamp: t(2), message: assistant([{ type: 'text', text: 'Committed: docs: fix typo.' }], { stopReason: 'stop' }) },
    ];
    const twice = [...own, own[0], own[1], own[2], { type: 'message', id: 's3', parentId: 's2', timestamp: t(3), message: { role: 'user', content: 'thanks', timestamp: 1782807603000 } }];
    const c = await parseOne(sessionFile(path.join(tmp, 'skills'), twice.map((e) => JSON.stringify(e)).join('\n') + '\n'));
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['/skill:git-commit fix the typo in the README', 'thanks']);
    expect(c.messages.find((m) => m.kind === 'skill')?.parts).toEqual([{ type: 'text', content: skill }]);
    expect(c.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
    expect(c.title).toBe('/skill:git-commit fix the typo in the README');
  });
});

describe('pi provider: a fork', () => {
  it('leaves its copied entries to the session it came from while that file is there, and keeps them when it is gone', async () => {
    // session-manager.ts createBranchedSession: a new file, `parentSession` its source's path, the path's entries copied under their ids.
    const dir = path.join(tmp, 'fork', '.pi', 'agent', 'sessions', '--home-me-work-demo-app--');
    const PARENT = '1a2b3c4d-0000-4000-8000-000000000001';
    const FORK = '1a2b3c4d-0000-4000-8000-000000000002';
    const shared = [
      { type: 'message', id: 'p1', parentId: null, timestamp: t(1), message: { role: 'user', content: 'add a cache', timestamp: 1782807601000 } },
      { type: 'message', id: 'p2', parentId: 'p1', timestamp: t(2), message: assistant([{ type: 'text', text: 'Added an LRU cache.' }], { stopReason: 'stop' }) },
    ];
    const parentFile = writeFileIn(path.join(dir, `2026-06-30T08-20-00-000Z_${PARENT}.jsonl`), [{ type: 'session', version: 3, id: PARENT, timestamp: t(0), cwd: CWD }, ...shared].map((e) => JSON.stringify(e)).join('\n') + '\n');
    const forkFile = writeFileIn(path.join(dir, `2026-06-30T08-30-00-000Z_${FORK}.jsonl`), [
      { type: 'session', version: 3, id: FORK, timestamp: t(10), cwd: CWD, parentSession: parentFile },
      ...shared,
      { type: 'message', id: 'f1', parentId: 'p2', timestamp: t(11), message: { role: 'user', content: 'make it a TTL cache instead', timestamp: 1782807611000 } },
      { type: 'message', id: 'f2', parentId: 'f1', timestamp: t(12), message: assistant([{ type: 'text', text: 'Switched to a TTL cache.' }], { stopReason: 'stop' }) },
    ].map((e) => JSON.stringify(e)).join('\n') + '\n');
    const forked = await parseOne(forkFile);
    expect(forked.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['make it a TTL cache instead']);
    expect(forked.messages[0]).toMatchObject({ role: 'system', kind: 'fork' });
    expect([forked.parentId, forked.relation]).toEqual([(await parseOne(parentFile)).id, 'fork']);
    rmSync(parentFile);
    const alone = await parseOne(forkFile);
    expect(alone.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['add a cache', 'make it a TTL cache instead']);
  });
});

describe('pi provider: damaged and unusual files', () => {
  it('skips a broken line and keeps unknown entries as generic messages, each with a warning', async () => {
    const broken = [...lines];
    broken[3] = broken[3].slice(0, 50);
    broken.push(JSON.stringify({ type: 'future_entry', id: 'e0000099', parentId: 'e0000010', timestamp: t(20) }));
    const c = await parseOne(sessionFile(path.join(tmp, 'h3'), `${broken.join('\n')}\n`));
    expect(c.warnings).toEqual([
      { line: 4, message: expect.stringMatching(/^Unreadable JSON line skipped/) },
      { message: 'Unknown Pi session entries kept as generic messages: future_entry' },
    ]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(3);
  });

  it('says so when the header is missing, and returns nothing for an empty file', async () => {
    const c = await parseOne(sessionFile(path.join(tmp, 'h4'), `${lines.slice(1).join('\n')}\n`));
    expect(c.warnings[0]).toEqual({ message: 'No Pi session header (first line {"type":"session",…}); the session id is taken from the file name' });
    expect(c.nativeId).toBe(SESSION);
    expect(await piProvider.parse(fileParseContext(sessionFile(path.join(tmp, 'h5'), '')))).toEqual([]);
  });
});

describe('pi provider: detect, locate and a plain dejavu sync of a home', () => {
  it('detects the session header and not look-alikes', () => {
    expect(piProvider.detect({ path: 'x.jsonl', head: `${lines.join('\n')}\n` })).toBe(true);
    for (const head of ['{"type":"session_meta","payload":{}}', '{"type":"session.start","data":{}}', '{"type":"session","id":"x"}']) expect(piProvider.detect({ path: 'x.jsonl', head }), head).toBe(false);
  });

  it('finds session files of pi and oh-my-pi and nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const pi = sessionFile(home, '{}\n');
    const omp = sessionFile(home, '{}\n', '.omp/agent');
    writeFileIn(path.join(home, '.pi', 'agent', 'auth.json'), '{}');
    writeFileIn(path.join(home, '.pi', 'agent', 'settings.json'), '{}');
    expect(await piProvider.locate(home)).toEqual([pi, omp].sort());
    expect(await piProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('archives every session of ~/.pi/agent/sessions', () => {
    const home = path.join(tmp, 'sync-home');
    sessionFile(home, `${lines.join('\n')}\n`);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), PI_CODING_AGENT_DIR: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect(dejavuJson<{ id: string; agent: string }[]>(['list'], env).map((c) => [c.id, c.agent])).toEqual([[`pi_${SESSION}`, 'pi']]);
    const c = dejavuJson<Conversation>(['show', `pi_${SESSION}`], env);
    expect(c.messages.filter((m) => m.role === 'user' && !m.kind).map(textOf)).toEqual(['Why does the build fail?', 'run the linter instead']);
    expect(parts(c, 'tool').filter((p) => p.type === 'tool_call_response')).toHaveLength(2);
  });
});
