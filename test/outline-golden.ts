/**
 * The reviewed outline of each agent's conversations (test/golden/outline/<agent>.txt): one line
 * per message (role, kind and its parts' types), enough to see a structural change. The
 * conformance suite writes it for agents with a real fixture; a source-only agent's parse test
 * for the input it builds from the agent's source. A missing one fails; only `UPDATE_GOLDEN=1`
 * writes them, to be read before they are committed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { AgentId } from '../shared/agents';
import type { Conversation, Part } from '../shared/record';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

export const OUTLINE_DIR = path.join(REPO_ROOT, 'test', 'golden', 'outline');

export function outline(conversations: readonly Conversation[]): string {
  const part = (p: Part) => (p.type === 'tool_call' ? `tool_call(${p.name})` : p.type === 'tool_call_response' ? `tool_call_response${p.isError ? '!' : ''}` : p.type);
  return conversations
    .map((c) => [`# ${c.parentId === undefined ? 'main' : 'subagent'} ${c.messages.length} messages`, ...c.messages.map((m, i) => `${i} ${m.role}${m.kind ? `/${m.kind}` : ''} ${m.parts.map(part).join(' ')}`)].join('\n'))
    .join('\n')
    .concat('\n');
}

export function expectOutlineGolden(agent: AgentId, conversations: readonly Conversation[]): void {
  expect(conversations.length, `${agent}: conversations to outline`).toBeGreaterThan(0);
  const golden = path.join(OUTLINE_DIR, `${agent}.txt`);
  const actual = outline(conversations).split(FIXTURES_DIR).join('<fixtures>');
  if (process.env.UPDATE_GOLDEN) writeFileSync(golden, actual);
  expect(existsSync(golden), `missing golden ${path.relative(REPO_ROOT, golden)}: review the output, then write it with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(golden, 'utf8'));
}
