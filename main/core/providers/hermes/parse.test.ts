/**
 * No real Hermes Agent store exists in the fixtures. The database below (test/hermes-store.ts) uses the tables and
 * columns of NousResearch/hermes-agent `hermes_state_common.py` `SCHEMA_SQL` (schema 30, commit
 * 00704d08, 2026; the columns this reader uses, with their declared types) and rows shaped as
 * `hermes_state_messages.py` writes them: multimodal content behind `"\0json:"`, OpenAI tool
 * calls as JSON text, epoch-second times, system prompts kept once in `system_prompts`.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { hermesProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';
import { type HermesValues as Values, writeHermesStore as store } from '../../../../test/hermes-store';

const { tmp } = providerUnderTest(hermesProvider);

const MAIN = '20260630_081955_a1b2c3';
const CHILD = '20260630_082100_d4e5f6';
const NEXT = '20260630_090000_0a0b0c';
const CWD = '/home/me/work/demo-app';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const T0 = 1782807595; // 2026-06-30T08:19:55Z

const call = (id: string, name: string, args: object) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } });


const sessions: Values[] = [
  { id: MAIN, source: 'cli', model: 'anthropic/claude-sonnet-4.5', system_prompt_hash: 'h1', started_at: T0, ended_at: T0 + 600, end_reason: 'compression', cwd: CWD, git_branch: 'main', title: 'Fix the failing build', title_source: 'llm', input_tokens: 1200, output_tokens: 80 },
  { id: CHILD, source: 'tool', model: 'anthropic/claude-sonnet-4.5', model_config: JSON.stringify({ _delegate_from: MAIN }), parent_session_id: MAIN, started_at: T0 + 65, cwd: CWD },
  { id: NEXT, source: 'cli', model: 'anthropic/claude-sonnet-4.5', parent_session_id: MAIN, started_at: T0 + 600, cwd: CWD, title: 'Fix the failing build #2' },
];
const messages: Values[] = [
  { session_id: MAIN, role: 'user', content: 'Why does the build fail?', timestamp: T0 + 1 },
  { session_id: MAIN, role: 'assistant', content: 'Let me look at the log.', reasoning: 'Check the build log first.', tool_calls: JSON.stringify([call('call_1', 'read_file', { path: 'build.log' }), call('call_2', 'delegate_task', { goal: 'Run the tests' })]), timestamp: T0 + 2, finish_reason: 'tool_calls' },
  { session_id: MAIN, role: 'tool', content: 'error: missing semicolon', tool_call_id: 'call_1', tool_name: 'read_file', timestamp: T0 + 3 },
  { session_id: MAIN, role: 'tool', content: 'Tests pass.', tool_call_id: 'call_2', tool_name: 'delegate_task', timestamp: T0 + 70 },
  { session_id: MAIN, role: 'assistant', content: 'Add the semicolon on line 3.', timestamp: T0 + 71, finish_reason: 'stop' },
  { session_id: MAIN, role: 'user', content: `\u0000json:${JSON.stringify([{ type: 'text', text: 'and this screenshot?' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }])}`, timestamp: T0 + 80 },
  { session_id: MAIN, role: 'user', content: '[System note: the terminal tool is unavailable]', display_kind: 'hidden', timestamp: T0 + 81 },
  { session_id: MAIN, role: 'user', content: 'Review the conversation above and consider saving to memory anything worth keeping.', timestamp: T0 + 90 },
  { session_id: CHILD, role: 'user', content: 'Run the tests', timestamp: T0 + 66 },
  { session_id: CHILD, role: 'assistant', content: 'Tests pass.', timestamp: T0 + 69 },
  { session_id: NEXT, role: 'user', content: '[CONTEXT SUMMARY] The build failed on a missing semicolon.', _compressed_summary: 1, timestamp: T0 + 600 },
  { session_id: NEXT, role: 'user', content: 'thanks', timestamp: T0 + 601 },
];

async function parseAll(file: string): Promise<Map<string, Conversation>> {
  const cs = await hermesProvider.parse(fileParseContext(file));
  return new Map(cs.map((c) => [c.nativeId, c]));
}

describe('hermes provider: a state.db built from the Hermes schema', () => {
  const file = store(path.join(tmp, 'h1'), sessions, messages);

  it('reads typed prompts, answers, reasoning, tool calls and results; runtime-written rows are system', async () => {
    const c = (await parseAll(file)).get(MAIN)!;
    expectOutlineGolden('hermes', [c]); // test/golden/outline/hermes.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'and this screenshot?']);
    expect(parts(c, 'user').filter((p) => p.type === 'blob')).toEqual([{ type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG }]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual(['Let me look at the log.', 'Add the semicolon on line 3.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([{ type: 'reasoning', content: 'Check the build log first.' }]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'call_1', name: 'read_file', arguments: '{"path":"build.log"}' },
      { type: 'tool_call', id: 'call_2', name: 'delegate_task', arguments: '{"goal":"Run the tests"}' },
    ]);
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'call_1', response: 'error: missing semicolon' },
      { type: 'tool_call_response', id: 'call_2', response: 'Tests pass.' },
    ]);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => [m.kind, textOf(m)])).toEqual([
      ['system-prompt', 'You are Hermes.'],
      ['hidden', '[System note: the terminal tool is unavailable]'],
      ['background-review', 'Review the conversation above and consider saving to memory anything worth keeping.'],
    ]);
    expect(c).toMatchObject({ id: `hermes_${MAIN}`, title: 'Fix the failing build', cwd: CWD, workspace: 'demo-app', gitBranch: 'main', models: ['anthropic/claude-sonnet-4.5'], usage: { inputTokens: 1200, outputTokens: 80 } });
    expect(c).toMatchObject({ startedAt: '2026-06-30T08:19:55.000Z', endedAt: '2026-06-30T08:29:55.000Z' });
    expect(c.messages[1].timestamp).toBe('2026-06-30T08:19:56.000Z');
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expect(new Set(c.messages.map((m) => m.id)).size).toBe(c.messages.length);
    expect(hermesProvider.resumeCommand(c)).toEqual({ command: `hermes --resume ${MAIN}`, cwd: CWD });
  });

  it('links a delegated session to its parent, and a compression continuation to the session it continues', async () => {
    const cs = await hermesProvider.parse(fileParseContext(file));
    expect(cs.map((c) => [c.nativeId, c.parentId ?? null, c.relation ?? null])).toEqual([
      [MAIN, null, null],
      [CHILD, `hermes_${MAIN}`, 'subagent'],
      [NEXT, `hermes_${MAIN}`, 'continuation'],
    ]);
    const [, child, next] = cs;
    // The continuation is the same session to Hermes: resumable, its first prompt typed by the person.
    expect(hermesProvider.resumeCommand(next)).toEqual({ command: `hermes --resume ${NEXT}`, cwd: CWD });
    expect(child.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(child.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(hermesProvider.resumeCommand(child)).toBeUndefined();
    expect(next.messages.map((m) => [m.role, m.kind ?? null])).toEqual([
      ['system', 'compaction-summary'],
      ['user', null],
    ]);
  });
});

describe('hermes provider: older and unusual stores', () => {
  it('reads a store from before most columns, and keeps unknown roles with a warning', async () => {
    const file = store(path.join(tmp, 'h2'), [{ id: MAIN, source: 'cli', model: 'gpt-5', started_at: T0, title: null }], [
      { session_id: MAIN, role: 'user', content: 'hello', timestamp: T0 + 1 },
      { session_id: MAIN, role: 'narrator', content: 'x', timestamp: T0 + 2 },
    ], false);
    const c = (await parseAll(file)).get(MAIN)!;
    expect(c).toMatchObject({ title: 'hello', models: ['gpt-5'] });
    expect(c.warnings).toEqual([{ message: 'Unknown Hermes message roles kept as generic messages: narrator' }]);
  });
});

describe('hermes provider: detect, locate and a plain dejavu sync of a home', () => {
  it('detects state.db in a Hermes folder only', () => {
    expect(hermesProvider.detect({ path: '/home/me/.hermes/state.db', head: 'SQLite format 3\u0000' })).toBe(true);
    expect(hermesProvider.detect({ path: '/home/me/.hermes/profiles/work/state.db', head: 'SQLite format 3\u0000' })).toBe(true);
    expect(hermesProvider.detect({ path: '/home/me/.grok/state.db', head: 'SQLite format 3\u0000' })).toBe(false);
  });

  it('finds the store and each profile’s, nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const main = store(home, [], []);
    const profile = writeFileIn(path.join(home, '.hermes', 'profiles', 'work', 'state.db'), '');
    writeFileIn(path.join(home, '.hermes', '.env'), 'OPENROUTER_API_KEY=x');
    writeFileIn(path.join(home, '.hermes', 'auth.json'), '{}');
    writeFileIn(path.join(home, '.hermes', 'sessions', 'sessions.json'), '{}');
    expect(await hermesProvider.locate(home)).toEqual([main, profile].sort());
    expect(await hermesProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('archives every session of ~/.hermes/state.db', () => {
    const home = path.join(tmp, 'sync-home');
    store(home, sessions, messages);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), HERMES_HOME: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect(dejavuJson<{ id: string; agent: string; parentId?: string }[]>(['list'], env).map((c) => [c.id, c.parentId ?? null]).sort()).toEqual([
      [`hermes_${CHILD}`, `hermes_${MAIN}`],
      [`hermes_${MAIN}`, null],
      [`hermes_${NEXT}`, `hermes_${MAIN}`],
    ].sort());
    const c = dejavuJson<Conversation>(['show', `hermes_${MAIN}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'and this screenshot?']);
  });
});
