/**
 * No real OpenHands conversation exists in the fixtures. The files below are laid out and
 * shaped as the V1 stack writes them: OpenHands/OpenHands-CLI 1.16.0 (locations.py:
 * `~/.openhands/conversations/<id hex>/`), OpenHands/software-agent-sdk 1.43.1 (commit
 * 611629e6): `base_state.json` (conversation/state.py, pydantic field order), event files
 * `events/event-<idx:05d>-<event id>.json` (persistence_const.py, event_store.py), each an
 * `Event` dumped with `exclude_none` and its computed `kind` last (event/*.py, llm/message.py,
 * tool/schema.py `Observation`).
 */
import { describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { openhandsProvider } from './index';
import { expectOutlineGolden } from '../../../../test/outline-golden';

const { tmp } = providerUnderTest(openhandsProvider);

const ID = '7c1e5a9b-3d2f-4e8a-b6c0-9f1d2e3a4b5c';
const HEX = ID.replace(/-/g, '');
const CWD = '/home/me/work/demo-app';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const eid = (n: number) => `0000${n.toString(16).padStart(4, '0')}-aaaa-4bbb-8ccc-dddddddddddd`;
const ts = (n: number) => `2026-06-30T08:20:${String(n).padStart(2, '0')}.123456`;
const text = (t: string) => ({ cache_prompt: false, type: 'text', text: t });

const state = {
  id: ID,
  agent: { llm: { model: 'litellm_proxy/claude-sonnet-4-5', api_key: '**********', usage_id: 'agent', kind: 'LLM' }, tools: [{ name: 'terminal' }], kind: 'Agent' },
  workspace: { working_dir: CWD, kind: 'LocalWorkspace' },
  persistence_dir: `/home/me/.openhands/conversations/${HEX}`,
  max_iterations: 500,
  stuck_detection: true,
  execution_status: 'finished',
  confirmation_policy: { kind: 'NeverConfirm' },
  activated_knowledge_skills: [],
  stats: { usage_to_metrics: {} },
  secret_registry: { secret_sources: {} },
  leaf_event_id: eid(9),
};

const events = [
  { id: eid(0), timestamp: ts(0), source: 'agent', system_prompt: text('You are OpenHands agent.'), tools: [], kind: 'SystemPromptEvent' },
  { id: eid(1), timestamp: ts(1), source: 'user', parent_id: eid(0), llm_message: { role: 'user', content: [text('Why does the build fail?'), { cache_prompt: false, type: 'image', image_urls: [`data:image/png;base64,${PNG}`] }] }, activated_skills: ['repo'], extended_content: [text('<REPO_CONTEXT>uses pnpm</REPO_CONTEXT>')], kind: 'MessageEvent' },
  { id: eid(2), timestamp: ts(2), source: 'agent', parent_id: eid(1), thought: [text('Let me look at the log.')], reasoning_content: 'Check the build log first.', thinking_blocks: [], action: { command: 'cat build.log', kind: 'TerminalAction' }, tool_name: 'terminal', tool_call_id: 'toolu_01', tool_call: { id: 'toolu_01', name: 'terminal', arguments: '{"command": "cat build.log"}', origin: 'completion' }, llm_response_id: 'resp_1', security_risk: 'LOW', kind: 'ActionEvent' },
  { id: eid(3), timestamp: ts(3), source: 'environment', parent_id: eid(2), tool_name: 'terminal', tool_call_id: 'toolu_01', observation: { content: [text('error: missing semicolon')], is_error: false, command: 'cat build.log', exit_code: 0, kind: 'TerminalObservation' }, action_id: eid(2), kind: 'ObservationEvent' },
  { id: eid(4), timestamp: ts(4), source: 'environment', parent_id: eid(3), key: 'execution_status', value: 'running', kind: 'ConversationStateUpdateEvent' },
  { id: eid(5), timestamp: ts(5), source: 'agent', parent_id: eid(3), thought: [], thinking_blocks: [{ type: 'redacted_thinking', data: 'opaque' }], tool_name: 'file_editor', tool_call_id: 'toolu_02', tool_call: { id: 'toolu_02', name: 'file_editor', arguments: '{"command": "str_replace", "path": "src/index.ts"}', origin: 'completion' }, llm_response_id: 'resp_2', security_risk: 'MEDIUM', kind: 'ActionEvent' },
  { id: eid(6), timestamp: ts(6), source: 'user', parent_id: eid(5), tool_name: 'file_editor', tool_call_id: 'toolu_02', rejection_reason: 'not that file', rejection_source: 'user', action_id: eid(5), kind: 'UserRejectObservation' },
  { id: eid(7), timestamp: ts(7), source: 'agent', parent_id: eid(6), llm_message: { role: 'assistant', content: [text('Add the semicolon on line 3 yourself, then.')] }, llm_response_id: 'resp_3', activated_skills: [], extended_content: [], kind: 'MessageEvent' },
  { id: eid(8), timestamp: ts(8), source: 'user', parent_id: eid(7), llm_message: { role: 'user', content: [text('thanks')] }, activated_skills: [], extended_content: [], kind: 'MessageEvent' },
  { id: eid(9), timestamp: ts(9), source: 'environment', parent_id: eid(8), code: 'LLMError', detail: 'rate limited', kind: 'ConversationErrorEvent' },
];

function conversation(home: string, list: readonly object[] = events, base: object | string = state): string {
  const dir = path.join(home, '.openhands', 'conversations', HEX);
  list.forEach((e, i) => writeFileIn(path.join(dir, 'events', `event-${String(i).padStart(5, '0')}-${(e as { id?: string }).id ?? eid(i)}.json`), JSON.stringify(e)));
  writeFileIn(path.join(dir, 'events', `.eventlog-count-${list.length}.marker`), '');
  return writeFileIn(path.join(dir, 'base_state.json'), typeof base === 'string' ? base : JSON.stringify(base));
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await openhandsProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('openhands provider: a conversation built from the SDK source', () => {
  const file = conversation(path.join(tmp, 'h1'));

  it('reads typed prompts, answers, reasoning, tool calls and their results from the event files', async () => {
    const c = await parseOne(file);
    expectOutlineGolden('openhands', [c]); // test/golden/outline/openhands.txt, reviewed
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'thanks']);
    expect(parts(c, 'user').filter((p) => p.type !== 'text')).toEqual([
      { type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG },
      { type: 'generic', kind: 'context', content: '<REPO_CONTEXT>uses pnpm</REPO_CONTEXT>' },
    ]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'text').map((p) => p.type === 'text' && p.content)).toEqual(['Let me look at the log.', 'Add the semicolon on line 3 yourself, then.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'reasoning')).toEqual([
      { type: 'reasoning', content: 'Check the build log first.' },
      { type: 'reasoning', content: '', redacted: true },
    ]);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_01', name: 'terminal', arguments: '{"command": "cat build.log"}' },
      { type: 'tool_call', id: 'toolu_02', name: 'file_editor', arguments: '{"command": "str_replace", "path": "src/index.ts"}' },
    ]);
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'toolu_01', response: 'error: missing semicolon' },
      { type: 'tool_call_response', id: 'toolu_02', response: 'Action rejected: not that file', isError: true },
    ]);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => [m.kind, textOf(m)])).toEqual([
      ['system-prompt', 'You are OpenHands agent.'],
      ['api-error', 'LLMError: rate limited'],
    ]);
    expect(c.messages.find((m) => m.id === eid(8))).toMatchObject({ parentId: eid(7), timestamp: ts(8) });
    expect(c).toMatchObject({ id: `openhands_${HEX}`, nativeId: HEX, cwd: CWD, workspace: 'demo-app', title: 'Why does the build fail?', models: ['litellm_proxy/claude-sonnet-4-5'], startedAt: ts(0), endedAt: ts(9) });
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
    // The state file's agent configuration is never kept in the record.
    expect(JSON.stringify(c)).not.toContain('api_key');
    expect(openhandsProvider.resumeCommand(c)).toEqual({ command: `openhands --resume ${HEX}`, cwd: CWD });
  });
});

describe('openhands provider: damaged and unusual conversations', () => {
  it('names a gap, an unreadable event file and unknown event kinds, and reads the rest', async () => {
    const home = path.join(tmp, 'h2');
    const file = conversation(home, [...events, { id: eid(10), timestamp: ts(10), source: 'agent', kind: 'BrandNewEvent' }]);
    const dir = path.join(path.dirname(file), 'events');
    rmSync(path.join(dir, `event-00004-${eid(4)}.json`));
    writeFileIn(path.join(dir, `event-00005-${eid(5)}.json`), '{"id": "broken');
    const c = await parseOne(file);
    expect(c.warnings).toEqual([
      { message: `Event file 4 is missing from ${dir}` },
      { message: expect.stringMatching(new RegExp(`^event-00005-${eid(5)}\\.json: unreadable event JSON skipped`)) },
      { message: 'Unknown OpenHands event kinds kept as generic messages: BrandNewEvent' },
    ]);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toHaveLength(1);
  });

  it('reads the events when base_state.json is damaged, the id then from the folder', async () => {
    const c = await parseOne(conversation(path.join(tmp, 'h3'), events, '{"id": "7c1e'));
    expect(c.warnings).toEqual([{ message: 'base_state.json is not a readable JSON object; the conversation is read from its events alone' }]);
    expect(c.nativeId).toBe(HEX);
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });
});

describe('openhands provider: detect, locate and a plain dejavu sync of a home', () => {
  it('detects base_state.json of a conversation only', () => {
    expect(openhandsProvider.detect({ path: `/x/${HEX}/base_state.json`, head: JSON.stringify(state) })).toBe(true);
    expect(openhandsProvider.detect({ path: '/x/base_state.json', head: '{"version":1}' })).toBe(false);
    expect(openhandsProvider.detect({ path: '/x/state.json', head: JSON.stringify(state) })).toBe(false);
  });

  it('finds each conversation by its state file and opens nothing else', async () => {
    const home = path.join(tmp, 'locate-home');
    const file = conversation(home);
    writeFileIn(path.join(home, '.openhands', 'agent_settings.json'), '{}');
    writeFileIn(path.join(home, '.openhands', 'cli_config.json'), '{}');
    expect(await openhandsProvider.locate(home)).toEqual([file]);
    expect(await openhandsProvider.locate(path.join(tmp, 'nowhere'))).toEqual([]);
  });

  it('archives every conversation of ~/.openhands/conversations', () => {
    const home = path.join(tmp, 'sync-home');
    conversation(home);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'sync-archive'), OPENHANDS_CONVERSATIONS_DIR: '', OPENHANDS_PERSISTENCE_DIR: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.code).toBe(0);
    expect(dejavuJson<{ id: string; agent: string }[]>(['list'], env).map((c) => [c.id, c.agent])).toEqual([[`openhands_${HEX}`, 'openhands']]);
    const c = dejavuJson<Conversation>(['show', `openhands_${HEX}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'thanks']);
    expect(parts(c, 'tool').filter((p) => p.type === 'tool_call_response')).toHaveLength(2);
  });
});
