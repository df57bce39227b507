/**
 * The `item_completed` event (Codex 0.149+): `{type: "item_completed", thread_id, turn_id, item}`
 * where `item` is a `TurnItem` tagged by its variant name (codex-rs/protocol/src/items.rs).
 * Codex persists it only for `Plan` and `Sleep`, "items [that] have no equivalent raw
 * ResponseItem or legacy event" (codex-rs/rollout/src/policy.rs); every other variant repeats
 * a record the file already holds. No real file has one: the records are built here.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { providerUnderTest, textOf } from '../../../../test/provider-kit';
import { envelope, sessionMeta, turn, type Json } from '../../../../test/codex-rollout';
import { codexProvider } from './index';

const { tmp, parseMain } = providerUnderTest(codexProvider);
const THREAD = '019f2a10-0000-7000-8000-00000000c001';

function completed(item: Json): [string, Json] {
  return ['event_msg', { type: 'item_completed', thread_id: THREAD, turn_id: 'turn-1', item }];
}

/** The variants that repeat another record, as Codex would write them if it persisted them. */
const DUPLICATES: Json[] = [
  { type: 'UserMessage', id: 'u1', content: [{ type: 'text', text: 'Plan the checkout refactor', text_elements: [] }] },
  { type: 'HookPrompt', id: 'h1', fragments: [{ text: 'run the linter', hookRunId: 'hook-1' }] },
  { type: 'AgentMessage', id: 'a1', content: [{ type: 'Text', text: 'Here is the plan.' }], phase: 'final_answer' },
  { type: 'Reasoning', id: 'r1', summary_text: ['Thinking'], raw_content: [] },
  { type: 'CommandExecution', id: 'c1', command: ['ls'], cwd: '/home/me/work/shop', parsedCmd: [], source: 'agent', status: 'completed', exitCode: 0 },
  { type: 'DynamicToolCall', id: 'd1', tool: 'lookup', arguments: {}, status: 'completed' },
  { type: 'CollabAgentToolCall', id: 'k1', tool: 'spawnAgent', status: 'completed', senderThreadId: THREAD, receiverThreadIds: [] },
  { type: 'SubAgentActivity', id: 's1', kind: 'started', agentThreadId: THREAD, agentPath: 'root/worker' },
  { type: 'WebSearch', id: 'w1', query: 'stripe api', action: { type: 'search', query: 'stripe api' } },
  { type: 'ImageView', id: 'v1', path: '/home/me/work/shop/shot.png' },
  { type: 'ImageGeneration', id: 'g1', status: 'completed', result: '' },
  { type: 'FileChange', id: 'f1', changes: {}, status: 'completed' },
  { type: 'McpToolCall', id: 'm1', server: 'docs', tool: 'search', arguments: {}, status: 'completed' },
  { type: 'ContextCompaction', id: 'x1' },
];

describe('codex provider: item_completed envelope', () => {
  it('keeps the plan and the sleep, and adds nothing for items that repeat another record', async () => {
    const records: [string, Json][] = [
      ['session_meta', sessionMeta(THREAD, '2026-07-01T09:00:00.000Z', { cli_version: '0.149.0' })],
      ...turn('turn-1', 'Plan the checkout refactor', 'Here is the plan.'),
      completed({ type: 'Plan', id: 'p1', text: '1. Split cart.ts\n2. Move tax rules into tax.ts' }),
      completed({ type: 'Sleep', id: 'z1', duration_ms: 1500 }),
      ...DUPLICATES.map(completed),
    ];
    const file = path.join(tmp, `rollout-2026-07-01T09-00-00-${THREAD}.jsonl`);
    writeFileSync(file, `${envelope(records, '2026-07-01T09:00:00.000Z').join('\n')}\n`);
    const c = await parseMain(file, 1);

    const plan = c.messages.filter((m) => m.kind === 'plan');
    expect(plan.map((m) => [m.role, textOf(m)])).toEqual([['assistant', '1. Split cart.ts\n2. Move tax rules into tax.ts']]);
    const sleep = c.messages.filter((m) => m.kind === 'sleep');
    expect(sleep.map((m) => [m.role, textOf(m)])).toEqual([['system', 'Waited 1.5 s']]);
    expect(c.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['Plan the checkout refactor']);
    expect(c.messages.filter((m) => m.role === 'assistant').map(textOf)).toEqual(['Here is the plan.', '1. Split cart.ts\n2. Move tax rules into tax.ts']);
    expect(c.messages.filter((m) => m.kind === 'unknown')).toEqual([]);
    expect(c.warnings).toEqual([]);
  });

  it('keeps an item type it does not know, and names it in the warning', async () => {
    const records: [string, Json][] = [
      ['session_meta', sessionMeta(THREAD, '2026-07-01T09:00:00.000Z', { cli_version: '0.149.0' })],
      ...turn('turn-1', 'Plan the checkout refactor', 'Here is the plan.'),
      completed({ type: 'Hologram', id: 'q1', text: 'from a later Codex' }),
    ];
    const file = path.join(tmp, `rollout-2026-07-01T09-00-01-${THREAD}.jsonl`);
    writeFileSync(file, `${envelope(records, '2026-07-01T09:00:00.000Z').join('\n')}\n`);
    const c = await parseMain(file, 1);
    const unknown = c.messages.filter((m) => m.kind === 'unknown');
    expect(unknown.length).toBe(1);
    expect(unknown[0].parts[0]).toMatchObject({ type: 'generic', kind: 'event_msg:item_completed:Hologram' });
    expect(c.warnings).toEqual([{ message: 'Unknown Codex record types kept as generic messages: event_msg:item_completed:Hologram' }]);
  });
});
