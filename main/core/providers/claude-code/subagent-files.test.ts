/**
 * Claude Code 2.1.x subagent transcripts as the agent lays them out: `<session>/subagents/`
 * and the agents of workflow runs in `<session>/subagents/workflows/<run>/`, each with an
 * `agent-<id>.meta.json` sidecar (agent type, description, the parent's Agent call id). No real
 * subagent file exists among the fixtures (PROVENANCE "Gaps"), so the records below are written
 * here, small, with the fields the README's sources show these files carry.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationId, subConversationId } from '../kit/identity';
import { claudeCodeProvider } from './index';
import { providerUnderTest } from '../../../../test/provider-kit';

const { tmp, parseAll } = providerUnderTest(claudeCodeProvider);

function put(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

/** A subagent's two records: the task the parent wrote, and the agent's answer. */
function agentLines(sessionId: string | undefined, agentId: string, task: string): string {
  const envelope = { isSidechain: true, agentId, userType: 'external', cwd: '/work/app', version: '2.1.250', gitBranch: 'main', ...(sessionId ? { sessionId } : {}) };
  return [
    { ...envelope, parentUuid: null, uuid: `${agentId}-u1`, type: 'user', timestamp: '2026-09-01T10:00:00.000Z', message: { role: 'user', content: task } },
    {
      ...envelope,
      parentUuid: `${agentId}-u1`,
      uuid: `${agentId}-a1`,
      type: 'assistant',
      timestamp: '2026-09-01T10:00:05.000Z',
      message: { id: `msg_${agentId}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Found it in src/config.ts.' }], usage: { input_tokens: 10, output_tokens: 5 } },
    },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n')
    .concat('\n');
}

describe('claude-code subagent files and their sidecars', () => {
  it('titles a subagent by the agent type and description of its sidecar, linked to the Agent call', async () => {
    const session = '11111111-2222-4333-8444-555555555555';
    const dir = path.join(tmp, 'meta', 'projects', '-work-app', session, 'subagents');
    const file = put(path.join(dir, 'agent-a9f3c2e1b0d4e5f6.jsonl'), agentLines(session, 'a9f3c2e1b0d4e5f6', 'Find where the config is loaded and report the file.'));
    put(path.join(dir, 'agent-a9f3c2e1b0d4e5f6.meta.json'), JSON.stringify({ agentType: 'Explore', description: 'Find the config loader', toolUseId: 'toolu_01Parent' }));
    const [agent, ...rest] = await parseAll(file);
    expect(rest).toEqual([]);
    expect(agent.title).toBe('Explore: Find the config loader');
    expect(agent.parentId).toBe(conversationId('claude-code', session));
    expect(agent.parentToolCallId).toBe('toolu_01Parent');
    expect(agent.messages[0]).toMatchObject({ role: 'system', kind: 'subagent-task' });
    expect(agent.warnings).toEqual([]);
  });

  it('nests a workflow run’s agent under the session, titled by its type and task when the sidecar has no description', async () => {
    const session = '66666666-7777-4888-8999-000000000000';
    const run = path.join(tmp, 'wf', 'projects', '-work-app', session, 'subagents', 'workflows', 'wf_2b7d');
    const file = put(path.join(run, 'agent-b1c2d3e4f5a6b7c8.jsonl'), agentLines(session, 'b1c2d3e4f5a6b7c8', 'Run the test suite and list failures.'));
    put(path.join(run, 'agent-b1c2d3e4f5a6b7c8.meta.json'), JSON.stringify({ agentType: 'workflow-subagent', spawnDepth: 1 }));
    const [agent] = await parseAll(file);
    expect(agent.title).toBe('workflow-subagent: Run the test suite and list failures.');
    expect(agent.parentId).toBe(conversationId('claude-code', session));
    expect(agent.id).toBe(subConversationId('claude-code', session, 'agent-b1c2d3e4f5a6b7c8'));
  });

  it('takes the parent session from the folder when the records carry none, so two sessions’ agents never share an id', async () => {
    const ids = [];
    for (const session of ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002']) {
      const file = put(path.join(tmp, 'nosid', 'projects', '-work-app', session, 'subagents', 'agent-c0ffee.jsonl'), agentLines(undefined, 'c0ffee', 'Summarise the diff.'));
      const [agent] = await parseAll(file);
      expect(agent.parentId).toBe(conversationId('claude-code', session));
      ids.push(agent.id);
    }
    expect(new Set(ids).size).toBe(2);
  });

  it('names a sidecar that is not JSON and keeps the subagent, titled by its task', async () => {
    const session = '12121212-3434-4565-8787-909090909090';
    const dir = path.join(tmp, 'badmeta', 'projects', '-work-app', session, 'subagents');
    const file = put(path.join(dir, 'agent-d00d.jsonl'), agentLines(session, 'd00d', 'Check the lint output.'));
    put(path.join(dir, 'agent-d00d.meta.json'), '{"agentType": "Expl');
    const [agent] = await parseAll(file);
    expect(agent.title).toBe('Check the lint output.');
    expect(agent.messages.length).toBe(2);
    expect(agent.warnings.map((w) => w.message)).toEqual([expect.stringContaining('agent-d00d.meta.json is not JSON')]);
  });

  it('finds workflow agents but not their journal, sidecars or tool results', async () => {
    const home = path.join(tmp, 'home');
    const project = path.join(home, '.claude', 'projects', '-work-app');
    const session = path.join(project, 's1');
    const lines = agentLines('s1', 'x', 'task');
    const expected = [
      put(path.join(project, 's1.jsonl'), lines),
      put(path.join(session, 'subagents', 'agent-a1.jsonl'), lines),
      put(path.join(session, 'subagents', 'workflows', 'wf_1', 'agent-b2.jsonl'), lines),
      put(path.join(session, 'workflows', 'wf_2', 'agent-c3.jsonl'), lines),
    ];
    put(path.join(session, 'subagents', 'agent-a1.meta.json'), '{}');
    put(path.join(session, 'subagents', 'workflows', 'wf_1', 'journal.jsonl'), '{"type":"started","key":"k","agentId":"b2"}\n');
    put(path.join(session, 'subagents', 'workflows', 'wf_1', 'agent-b2.meta.json'), '{}');
    put(path.join(session, 'workflows', 'scripts', 'run-wf_1.js'), 'export default {}');
    put(path.join(session, 'tool-results', 'toolu_1.json'), '{}');
    expect(await claudeCodeProvider.locate(home)).toEqual(expected.sort());
  });
});
