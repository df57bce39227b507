/**
 * No real OpenHands V0 session exists in the fixtures. The files below are laid out and shaped
 * as the legacy file store writes them, per All-Hands-AI/OpenHands 156d0686 (2025-11-28):
 * `sessions/<sid>/metadata.json` and `events/<id>.json` (openhands/storage/locations.py),
 * metadata as `ConversationMetadata` (storage/data_models/conversation_metadata.py), events as
 * `event_to_dict` writes them (events/serialization/event.py, json.dumps: `", "` / `": "`).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { fileParseContext } from '../../capture/parse-context';
import { dejavu, dejavuJson } from '../../../../test/cli';
import { expectMessagesKept, expectToolResultsJoined, parts, providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { openhandsProvider } from './index';

const { tmp } = providerUnderTest(openhandsProvider);

const SID = '3f9a1c2e7b6d4e8fa0b1c2d3e4f5a6b7';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';
const ts = (n: number) => `2025-06-01T10:00:${String(n).padStart(2, '0')}.123456`;
/** Python's json.dumps: `", "` between items, `": "` after keys. */
const dumps = (v: unknown): string =>
  v === null || typeof v !== 'object' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(dumps).join(', ')}]` : `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${dumps(x)}`).join(', ')}}`;

const call = (id: string, name: string, args: string, content = '') => ({
  function_name: name,
  tool_call_id: id,
  model_response: { id: `resp_${id}`, choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content, tool_calls: [{ index: 1, id, type: 'function', function: { name, arguments: args } }] } }] },
  total_calls_in_response: 1,
});
const bash = call('toolu_01', 'execute_bash', '{"command": "cat build.log"}', 'Let me look at the log.');
const edit = call('toolu_02', 'str_replace_editor', '{"command": "str_replace", "path": "/workspace/src/index.ts"}');

const events = [
  { id: 0, timestamp: ts(0), source: 'agent', message: 'You are OpenHands agent.', action: 'system', args: { content: 'You are OpenHands agent.', tools: [], openhands_version: '0.40.0', agent_class: 'CodeActAgent' } },
  { id: 1, timestamp: ts(1), source: 'user', message: 'Why does the build fail?', action: 'message', args: { content: 'Why does the build fail?', file_urls: [], image_urls: [`data:image/png;base64,${PNG}`], wait_for_response: false } },
  { id: 2, timestamp: ts(2), source: 'user', message: 'Retrieving content for: Why does the build fail?', action: 'recall', args: { recall_type: 'workspace_context', query: 'Why does the build fail?', thought: '' } },
  { id: 3, timestamp: ts(3), source: 'environment', message: '', observation: 'agent_state_changed', content: '', extras: { agent_state: 'running', reason: '' } },
  { id: 4, timestamp: ts(4), source: 'agent', message: 'Running command: cat build.log', action: 'run', tool_call_metadata: bash, args: { command: 'cat build.log', is_input: false, thought: 'Let me look at the log.', blocking: false, is_static: false, cwd: null, hidden: false, confirmation_state: 'confirmed' } },
  { id: 5, timestamp: ts(5), source: 'agent', message: 'Command `cat build.log` executed with exit code 0.', cause: 4, observation: 'run', tool_call_metadata: bash, content: 'error: missing semicolon', extras: { command: 'cat build.log', metadata: { exit_code: 0, pid: -1 }, hidden: false }, success: true },
  { id: 6, timestamp: ts(6), source: 'agent', message: 'I am editing /workspace/src/index.ts', action: 'edit', tool_call_metadata: edit, args: { path: '/workspace/src/index.ts', command: 'str_replace', file_text: null, old_str: 'a', new_str: 'a;', insert_line: null, content: '', start: 1, end: -1, thought: '', impl_source: 'oh_aci' } },
  { id: 7, timestamp: ts(7), source: 'user', message: 'Action has been rejected by the user!', cause: 6, observation: 'user_rejected', tool_call_metadata: edit, content: 'not that file', extras: {} },
  { id: 8, timestamp: ts(8), source: 'agent', message: 'Add the semicolon on line 3 yourself, then.', action: 'message', args: { content: 'Add the semicolon on line 3 yourself, then.', file_urls: null, image_urls: null, wait_for_response: true } },
  { id: 9, timestamp: ts(9), source: 'user', message: 'thanks', action: 'message', args: { content: 'thanks', file_urls: [], image_urls: [], wait_for_response: false } },
  { id: 10, timestamp: ts(10), source: 'agent', message: 'rate limited', observation: 'error', content: 'rate limited', extras: { error_id: '' } },
  { id: 11, timestamp: ts(11), source: 'agent', message: 'All done.', action: 'finish', args: { final_thought: 'All done.', outputs: {}, thought: '' } },
];

const metadata = { conversation_id: SID, selected_repository: null, user_id: null, selected_branch: null, git_provider: null, title: 'Build failure', last_updated_at: '2025-06-01T10:00:11Z', trigger: 'gui', pr_number: [], created_at: '2025-06-01T09:59:59Z', llm_model: 'anthropic/claude-sonnet-4-20250514', accumulated_cost: 0.01, prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, sandbox_id: null, conversation_version: null };

function session(home: string, withMetadata = true, list: readonly object[] = events): string {
  const dir = path.join(home, '.openhands', 'sessions', SID);
  for (const e of list) writeFileIn(path.join(dir, 'events', `${(e as { id: number }).id}.json`), dumps(e));
  writeFileIn(path.join(dir, 'event_cache', '0-25.json'), dumps(list));
  writeFileIn(path.join(dir, 'agent_state.pkl'), 'binary');
  if (!withMetadata) return path.join(dir, 'events', '0.json');
  return writeFileIn(path.join(dir, 'metadata.json'), JSON.stringify(metadata));
}

async function parseOne(file: string): Promise<Conversation> {
  const cs = await openhandsProvider.parse(fileParseContext(file));
  expect(cs).toHaveLength(1);
  return cs[0];
}

describe('openhands provider: the legacy V0 file store (sessions/<sid>/events/<id>.json)', () => {
  it('reads prompts, answers, tool calls and their results, with the metadata', async () => {
    const file = session(path.join(tmp, 'v0'));
    const c = await parseOne(file);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'thanks']);
    expect(parts(c, 'user').filter((p) => p.type === 'blob')).toEqual([{ type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG }]);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Let me look at the log.', '', 'Add the semicolon on line 3 yourself, then.', 'All done.']);
    expect(parts(c, 'assistant').filter((p) => p.type === 'tool_call')).toEqual([
      { type: 'tool_call', id: 'toolu_01', name: 'execute_bash', arguments: '{"command": "cat build.log"}' },
      { type: 'tool_call', id: 'toolu_02', name: 'str_replace_editor', arguments: '{"command": "str_replace", "path": "/workspace/src/index.ts"}' },
    ]);
    expect(parts(c, 'tool')).toEqual([
      { type: 'tool_call_response', id: 'toolu_01', response: 'error: missing semicolon' },
      { type: 'tool_call_response', id: 'toolu_02', response: 'Action rejected: not that file', isError: true },
    ]);
    expect(c.messages.filter((m) => m.role === 'system').map((m) => [m.kind, textOf(m)])).toEqual([
      ['system-prompt', 'You are OpenHands agent.'],
      ['error', 'rate limited'],
    ]);
    expect(c).toMatchObject({ id: `openhands_${SID}`, nativeId: SID, title: 'Build failure', models: ['anthropic/claude-sonnet-4-20250514'], startedAt: '2025-06-01T09:59:59Z', endedAt: '2025-06-01T10:00:11Z' });
    expect(c.messages.find((m) => m.id === 'E9')?.timestamp).toBe(ts(9));
    expect(c.warnings).toEqual([]);
    expectToolResultsJoined(c);
    expectMessagesKept(c, file);
    expect(openhandsProvider.resumeCommand(c)).toBeUndefined();
  });

  it('reads a session without metadata.json from its first event file, naming gaps and unknown types', async () => {
    const home = path.join(tmp, 'v0-bare');
    const file = session(home, false, [...events.filter((e) => e.id !== 3), { id: 12, timestamp: ts(12), source: 'agent', message: '', action: 'brand_new', args: {} }]);
    expect(await openhandsProvider.locate(home)).toEqual([file]);
    // A session whose first event files are gone is still found, by the first one left.
    const later = path.join(tmp, 'v0-later');
    expect(await openhandsProvider.locate(later)).toEqual([]);
    session(later, false, events.filter((e) => e.id >= 4));
    expect(await openhandsProvider.locate(later)).toEqual([path.join(later, '.openhands', 'sessions', SID, 'events', '4.json')]);
    expect(openhandsProvider.detect({ path: file, head: dumps(events[0]) })).toBe(true);
    const c = await parseOne(file);
    expect(c.warnings).toEqual([
      { message: `Event file 3 is missing from ${path.dirname(file)}` },
      { message: 'Unknown OpenHands event types kept as generic messages: brand_new' },
    ]);
    expect(c.title).toBe('Why does the build fail?');
    expect(c.messages.filter((m) => m.role === 'user')).toHaveLength(2);
  });

  it('is found by its metadata.json and archived by a plain dejavu sync', () => {
    const home = path.join(tmp, 'v0-sync');
    const file = session(home);
    expect(openhandsProvider.detect({ path: file, head: JSON.stringify(metadata) })).toBe(true);
    const env = { HOME: home, DEJAVU_HOME: path.join(tmp, 'v0-sync-archive'), OPENHANDS_CONVERSATIONS_DIR: '', OPENHANDS_PERSISTENCE_DIR: '' };
    const synced = dejavu(['sync', '--no-evict'], env);
    expect(synced.stderr).toBe('');
    expect(synced.stdout).toContain('1 file(s) found');
    const c = dejavuJson<Conversation>(['show', `openhands_${SID}`], env);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Why does the build fail?', 'thanks']);
    expect(parts(c, 'tool')).toHaveLength(2);
  });
});
