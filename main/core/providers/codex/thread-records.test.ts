/**
 * Records Codex persists since 0.14x (codex-rs/rollout/src/policy.rs): inter-agent messages,
 * world state, rollbacks, goals, review mode, subagent activity, applied settings. No real file
 * has them; the records are built here from openai/codex's source (README.md says where).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import type { Conversation } from '../../../../shared/record';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { envelope, sessionMeta, turn, type Json } from '../../../../test/codex-rollout';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);
const THREAD = '019f5d10-0000-7000-8000-00000000d001';

async function parseRecords(name: string, records: [string, Json][]): Promise<Conversation> {
  const file = path.join(tmp, `rollout-2026-10-01T09-00-0${name}-${THREAD}.jsonl`);
  const all: [string, Json][] = [['session_meta', sessionMeta(THREAD, '2026-10-01T09:00:00.000Z', { cli_version: '0.158.0' })], ...records];
  writeFileSync(file, `${envelope(all, '2026-10-01T09:00:00.000Z').join('\n')}\n`);
  return parseMain(file, 1);
}

const kinds = (c: Conversation, kind: string) => c.messages.filter((m) => m.kind === kind).map((m) => [m.role, textOf(m)]);

describe('codex provider: records of the thread\'s life (0.14x+)', () => {
  it('keeps a rolled-back turn, off the live branch, and says so', async () => {
    const c = await parseRecords('1', [
      ...turn('turn-1', 'Rename the Cart class', 'Renamed it to Basket.'),
      ...turn('turn-2', 'Also rename the tests', 'Renamed the tests.'),
      ['event_msg', { type: 'thread_rolled_back', num_turns: 1 }],
      ...turn('turn-3', 'Keep the tests as they are', 'Left the tests alone.'),
    ]);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Rename the Cart class', 'Also rename the tests', 'Keep the tests as they are']);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Renamed it to Basket.', 'Renamed the tests.', 'Left the tests alone.']);
    const marker = c.messages.find((m) => m.kind === 'rewind')!;
    expect([marker.role, textOf(marker)]).toEqual(['system', "Rolled back 1 turn: Codex dropped it from the model's context; it stays above as an abandoned branch."]);
    const undone = c.messages.findIndex((m) => textOf(m) === 'Also rename the tests');
    expect(marker.parentId).toBe(c.messages[undone - 1].id);
    expect(c.warnings).toEqual([]);
  });

  it('maps inter-agent messages, world state, goals, review mode, subagent activity and settings, with no unknown record', async () => {
    const c = await parseRecords('2', [
      ...turn('turn-1', 'Review my branch with a helper agent', 'Starting a reviewer.'),
      ['inter_agent_communication', { author: '/root/reviewer', recipient: '/root', other_recipients: [], content: 'Two issues in cart.ts.', trigger_turn: true }],
      ['inter_agent_communication_metadata', { trigger_turn: false }],
      ['response_item', { type: 'agent_message', author: '/root', recipient: '/root/reviewer', content: [{ type: 'input_text', text: 'Check tax.ts as well.' }] }],
      ['world_state', { full: true, state: { agents_md: 'Use pnpm.' } }],
      ['event_msg', { type: 'thread_goal_updated', threadId: THREAD, turnId: 'turn-1', goal: { threadId: THREAD, objective: 'Ship the review fixes', status: 'active', tokenBudget: 50000, tokensUsed: 1200, timeUsedSeconds: 30, createdAt: 1, updatedAt: 2 } }],
      ['event_msg', { type: 'entered_review_mode', target: { type: 'uncommittedChanges' }, user_facing_hint: 'current changes' }],
      ['event_msg', { type: 'exited_review_mode', review_output: { findings: [{ title: 'Tax rounding', body: 'Rounds before summing.', confidence_score: 0.8, priority: 1, code_location: { absolute_file_path: '/home/me/work/shop/tax.ts', line_range: { start: 10, end: 12 } } }], overall_correctness: 'patch is incorrect', overall_explanation: 'One rounding bug.', overall_confidence_score: 0.8 } }],
      ['event_msg', { type: 'exited_review_mode', review_output: null }],
      ['event_msg', { type: 'sub_agent_activity', event_id: 'e1', occurred_at_ms: 5, agent_thread_id: '019f5d11-0000-7000-8000-00000000d002', agent_path: '/root/reviewer', kind: 'started' }],
      ['event_msg', { type: 'thread_settings_applied', thread_settings: { model: 'gpt-5.6', model_provider_id: 'openai', cwd: '/home/me/work/shop' } }],
    ]);
    expect(c.messages.filter((m) => m.kind === 'unknown')).toEqual([]);
    expect(c.warnings).toEqual([]);
    expect(kinds(c, 'inter-agent')).toEqual([
      ['system', 'From /root/reviewer to /root:\nTwo issues in cart.ts.'],
      ['system', 'From /root to /root/reviewer:\nCheck tax.ts as well.'],
    ]);
    const world = c.messages.find((m) => m.kind === 'world-state')!;
    expect(world.role).toBe('system');
    expect(world.parts).toEqual([{ type: 'text', content: 'World state (full)' }, { type: 'generic', kind: 'world-state', content: JSON.stringify({ agents_md: 'Use pnpm.' }, null, 2) }]);
    expect(kinds(c, 'goal')).toEqual([['system', 'Goal (active): Ship the review fixes; 1200 tokens used of 50000']]);
    expect(kinds(c, 'review')).toEqual([
      ['system', 'Review started: current changes'],
      ['assistant', 'patch is incorrect: One rounding bug.\n\nTax rounding (/home/me/work/shop/tax.ts:10-12)\nRounds before summing.'],
      ['system', 'Review ended without a result'],
    ]);
    expect(kinds(c, 'subagent-activity')).toEqual([['system', 'Subagent /root/reviewer started']]);
    expect(c.models).toContain('gpt-5.6');
  });
});
