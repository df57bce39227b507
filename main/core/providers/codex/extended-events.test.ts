/**
 * Records Codex writes in its extended persistence mode (codex-rs/rollout/src/policy.rs) and
 * the `context_compaction` response item: guardian assessments, the multi-agent tools'
 * outcomes, dynamic tool calls. No real file has one: the records are built here with the
 * fields of openai/codex's own structs (README.md "Records" names the files and commits).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Conversation } from '../../../../shared/record';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { envelope, sessionMeta, turn, type Json } from '../../../../test/codex-rollout';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);
const THREAD = '019f2a10-0000-7000-8000-00000000e001';
const CHILD = '019f2a10-0000-7000-8000-00000000e002';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==';

const event = (payload: Json): [string, Json] => ['event_msg', payload];
let files = 0;

async function parse(records: [string, Json][]): Promise<Conversation> {
  const file = path.join(tmp, `rollout-2026-07-02T09-00-0${files++}-${THREAD}.jsonl`);
  const all: [string, Json][] = [['session_meta', sessionMeta(THREAD, '2026-07-02T09:00:00.000Z')], ...turn('turn-1', 'Clean the build folder', 'Done.'), ...records];
  writeFileSync(file, `${envelope(all, '2026-07-02T09:00:00.000Z').join('\n')}\n`);
  return parseMain(file, 1);
}

const ofKind = (c: Conversation, kind: string) => c.messages.filter((m) => m.kind === kind).map(textOf);

describe('codex provider: extended-mode records', () => {
  it('shows the auto-reviewer\'s verdict once per review, the outcome replacing the "reviewing" note', async () => {
    const action = { type: 'command', source: 'shell', command: 'rm -rf build', cwd: '/home/me/work/shop' };
    const c = await parse([
      event({ type: 'guardian_assessment', id: 'review-1', turn_id: 'turn-1', started_at_ms: 1, status: 'in_progress', action }),
      event({ type: 'guardian_assessment', id: 'review-1', turn_id: 'turn-1', started_at_ms: 1, completed_at_ms: 2, status: 'approved', risk_level: 'low', user_authorization: 'high', rationale: 'The person asked to clean the build folder.', decision_source: 'agent', action }),
      event({ type: 'guardian_assessment', id: 'review-2', turn_id: 'turn-1', status: 'denied', risk_level: 'high', rationale: 'Writes outside the workspace.', action: { type: 'apply_patch', cwd: '/home/me/work/shop', files: ['/etc/hosts'] } }),
    ]);
    expect(ofKind(c, 'guardian')).toEqual([
      'Auto-reviewer approved: run `rm -rf build` (risk: low)\nThe person asked to clean the build folder.',
      'Auto-reviewer denied: apply a patch to /etc/hosts (risk: high)\nWrites outside the workspace.',
    ]);
    // Both records of the first review are kept in its message.
    expect(c.messages.find((m) => m.kind === 'guardian')!.native!.split('\n')).toHaveLength(2);
    expect(c.messages.filter((m) => m.kind === 'unknown')).toEqual([]);
    expect(c.warnings).toEqual([]);
  });

  it('shows each multi-agent tool\'s outcome: spawned, sent, waited, closed, resumed', async () => {
    const c = await parse([
      event({ type: 'collab_agent_spawn_end', call_id: 'spawn-1', sender_thread_id: THREAD, new_thread_id: CHILD, new_agent_nickname: 'Ada', new_agent_role: 'explorer', prompt: 'Find every caller of cleanBuild', model: 'gpt-5.5', status: 'running' }),
      event({ type: 'collab_agent_spawn_end', call_id: 'spawn-2', sender_thread_id: THREAD, new_thread_id: null, prompt: 'Second helper', model: 'gpt-5.5', status: { errored: 'too many agents' } }),
      event({ type: 'collab_agent_interaction_end', call_id: 'send-1', sender_thread_id: THREAD, receiver_thread_id: CHILD, receiver_agent_nickname: 'Ada', prompt: 'Also check the tests', status: 'running' }),
      event({ type: 'collab_waiting_end', sender_thread_id: THREAD, call_id: 'wait-1', agent_statuses: [{ thread_id: CHILD, nickname: 'Ada', role: 'explorer', status: { completed: 'Three callers.' } }], statuses: { [CHILD]: { completed: 'Three callers.' } } }),
      event({ type: 'collab_waiting_end', sender_thread_id: THREAD, call_id: 'wait-2', statuses: { [CHILD]: 'shutdown' } }),
      event({ type: 'collab_close_end', call_id: 'close-1', sender_thread_id: THREAD, receiver_thread_id: CHILD, status: 'shutdown' }),
      event({ type: 'collab_resume_end', call_id: 'resume-1', sender_thread_id: THREAD, receiver_thread_id: CHILD, receiver_agent_nickname: 'Ada', status: 'pending_init' }),
    ]);
    expect(ofKind(c, 'subagent-activity')).toEqual([
      'Spawned subagent Ada (explorer): running\nFind every caller of cleanBuild',
      'Subagent not spawned: errored: too many agents\nSecond helper',
      'Sent to subagent Ada: running\nAlso check the tests',
      'Waited for subagents\n- Ada (explorer): completed: Three callers.',
      `Waited for subagents\n- ${CHILD}: shutdown`,
      `Closed subagent ${CHILD}: shutdown`,
      'Resumed subagent Ada: pending init',
    ]);
    expect(c.messages.filter((m) => m.kind === 'unknown')).toEqual([]);
    expect(c.warnings).toEqual([]);
  });

  it('shows a dynamic tool call made outside the model\'s items as a call and its result, images and failures kept', async () => {
    const c = await parse([
      event({ type: 'dynamic_tool_call_request', callId: 'dyn-1', turnId: 'turn-1', tool: 'lookup_ticket', arguments: { id: 'SHOP-12' } }),
      event({ type: 'dynamic_tool_call_response', call_id: 'dyn-1', turn_id: 'turn-1', tool: 'lookup_ticket', arguments: { id: 'SHOP-12' }, content_items: [{ type: 'inputText', text: 'SHOP-12: build folder grows' }, { type: 'inputImage', imageUrl: `data:image/png;base64,${PNG}` }], success: true, error: null, duration: { secs: 0, nanos: 5 } }),
      event({ type: 'dynamic_tool_call_request', callId: 'dyn-2', turnId: 'turn-1', namespace: 'tickets', tool: 'close', arguments: { id: 'SHOP-12' } }),
      event({ type: 'dynamic_tool_call_response', call_id: 'dyn-2', turn_id: 'turn-1', namespace: 'tickets', tool: 'close', arguments: {}, content_items: [], success: false, error: 'ticket is locked' }),
    ]);
    const calls = c.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool_call').map((p) => [m.role, p]));
    expect(calls).toEqual([
      ['assistant', { type: 'tool_call', id: 'dyn-1', name: 'lookup_ticket', arguments: '{"id":"SHOP-12"}' }],
      ['assistant', { type: 'tool_call', id: 'dyn-2', name: 'tickets.close', arguments: '{"id":"SHOP-12"}' }],
    ]);
    const results = c.messages.filter((m) => m.role === 'tool').map((m) => m.parts);
    expect(results).toEqual([
      [{ type: 'tool_call_response', id: 'dyn-1', response: 'SHOP-12: build folder grows' }, { type: 'blob', modality: 'image', mimeType: 'image/png', content: PNG }],
      [{ type: 'tool_call_response', id: 'dyn-2', response: 'ticket is locked', isError: true }],
    ]);
    expect(c.warnings).toEqual([]);
  });

  it('keeps one copy of a dynamic tool call the model\'s own items already hold, with both records', async () => {
    const c = await parse([
      ['response_item', { type: 'function_call', name: 'lookup_ticket', arguments: '{"id":"SHOP-12"}', call_id: 'dyn-1' }],
      event({ type: 'dynamic_tool_call_request', callId: 'dyn-1', turnId: 'turn-1', tool: 'lookup_ticket', arguments: { id: 'SHOP-12' } }),
      event({ type: 'dynamic_tool_call_response', call_id: 'dyn-1', turn_id: 'turn-1', tool: 'lookup_ticket', arguments: { id: 'SHOP-12' }, content_items: [{ type: 'inputText', text: 'SHOP-12' }], success: true, error: null }),
      ['response_item', { type: 'function_call_output', call_id: 'dyn-1', output: 'SHOP-12' }],
      event({ type: 'token_count', info: { total_token_usage: { input_tokens: 10, output_tokens: 2, total_tokens: 12 }, last_token_usage: { input_tokens: 10, output_tokens: 2, total_tokens: 12 } } }),
    ]);
    const withCall = c.messages.filter((m) => m.parts.some((p) => p.type === 'tool_call'));
    const withResult = c.messages.filter((m) => m.parts.some((p) => p.type === 'tool_call_response'));
    expect([withCall.length, withResult.length]).toEqual([1, 1]);
    expect(withCall[0].native).toContain('"dynamic_tool_call_request"');
    expect(withResult[0].native).toContain('"dynamic_tool_call_response"');
    expect(withCall[0].usage).toEqual({ inputTokens: 10, outputTokens: 2 });
  });

  it('joins a context_compaction item to the compaction the event reports', async () => {
    const c = await parse([
      ['response_item', { type: 'context_compaction', encrypted_content: 'gAAAA-opaque' }],
      event({ type: 'context_compacted' }),
      ['response_item', { type: 'context_compaction' }],
    ]);
    expect(c.messages.filter((m) => m.kind === 'compaction-summary').map((m) => m.parts)).toEqual([
      [{ type: 'reasoning', content: '', redacted: true }],
      [{ type: 'text', content: 'Context compacted' }],
    ]);
    expect(c.warnings).toEqual([]);
  });
});
