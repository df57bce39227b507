/**
 * Tool names from a real rollout's call, and that call as newer builds write an MCP tool's: the
 * server apart in `namespace` (openai/codex's Responses items; no fixture holds one yet).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../../test/fixtures';
import { toolCallPart } from './tools';

const rollout = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/00/34f597b72d/1/full.jsonl');
const call = readFileSync(rollout, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as { type?: string; payload?: Record<string, unknown> })
  .find((r) => r.type === 'response_item' && r.payload?.type === 'function_call')!.payload!;

describe('codex tool names', () => {
  it('names a call as written, and an MCP call with the server it is on', () => {
    const name = String(call.name);
    expect(toolCallPart(call, 'function_call', 'L1').name).toBe(name);
    expect(toolCallPart({ ...call, namespace: 'mcp__github' }, 'function_call', 'L1').name).toBe(`mcp__github__${name}`);
    expect(toolCallPart({ ...call, namespace: 'mcp__calendar__' }, 'function_call', 'L1').name).toBe(`mcp__calendar__${name}`);
    // A name written already qualified is not prefixed twice.
    expect(toolCallPart({ ...call, name: `mcp__github__${name}`, namespace: 'mcp__github' }, 'function_call', 'L1').name).toBe(`mcp__github__${name}`);
  });
});
