/**
 * Claude Code 2.1.x subagents where the agent writes them (`<session>/subagents/agent-*.jsonl`
 * and `<session>/subagents/workflows/<run>/agent-*.jsonl`, each with its `.meta.json`): a plain
 * `sync` with HOME at the home archives them under their session, titled from the sidecar, and
 * `import` of the project folder files them under the same ids.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dejavu, dejavuJson } from './cli';
import { provenanceFor } from './provenance';

interface Listed {
  id: string;
  parentId?: string;
  title?: string;
  sourcePath: string;
}

/** A small real 2.1.x session (fixture #7) to be the parent. */
const PARENT = provenanceFor('claude-code').find((r) => r.n === 7)!;

function agentFile(sessionId: string, agentId: string, task: string): string {
  const envelope = { isSidechain: true, agentId, sessionId, userType: 'external', cwd: '/work/app', version: '2.1.250' };
  return [
    { ...envelope, parentUuid: null, uuid: `${agentId}-u`, type: 'user', timestamp: '2026-09-01T10:00:00.000Z', message: { role: 'user', content: task } },
    { ...envelope, parentUuid: `${agentId}-u`, uuid: `${agentId}-a`, type: 'assistant', timestamp: '2026-09-01T10:00:04.000Z', message: { id: `msg_${agentId}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Done.' }] } },
  ]
    .map((r) => JSON.stringify(r))
    .join('\n')
    .concat('\n');
}

describe('Claude Code subagents where Claude Code writes them', () => {
  it('sync finds subagents and workflow agents, nests them under their session with their sidecar titles; import agrees', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cc-subagents-'));
    const home = path.join(work, 'home');
    const env = { HOME: home, DEJAVU_HOME: path.join(work, 'archive') };
    const sessionId = (JSON.parse(readFileSync(PARENT.absPath, 'utf8').split('\n').find((l) => l.includes('"sessionId"'))!) as { sessionId: string }).sessionId;
    const project = path.join(home, '.claude', 'projects', '-work-app');
    mkdirSync(project, { recursive: true });
    copyFileSync(PARENT.absPath, path.join(project, `${sessionId}.jsonl`));
    const subagents = path.join(project, sessionId, 'subagents');
    const run = path.join(subagents, 'workflows', 'wf_7c1e');
    mkdirSync(run, { recursive: true });
    mkdirSync(path.join(project, sessionId, 'tool-results'));
    const explore = path.join(subagents, 'agent-a1b2c3d4e5f60718.jsonl');
    writeFileSync(explore, agentFile(sessionId, 'a1b2c3d4e5f60718', 'Look for the retry logic.'));
    writeFileSync(path.join(subagents, 'agent-a1b2c3d4e5f60718.meta.json'), JSON.stringify({ agentType: 'Explore', description: 'Find retry logic', toolUseId: 'toolu_01Explore' }));
    const step = path.join(run, 'agent-f0e1d2c3b4a59687.jsonl');
    writeFileSync(step, agentFile(sessionId, 'f0e1d2c3b4a59687', 'Write the changelog entry.'));
    writeFileSync(path.join(run, 'agent-f0e1d2c3b4a59687.meta.json'), JSON.stringify({ agentType: 'workflow-subagent', spawnDepth: 1 }));
    writeFileSync(path.join(run, 'journal.jsonl'), `${JSON.stringify({ type: 'started', key: 'changelog', agentId: 'f0e1d2c3b4a59687' })}\n`);

    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const listed = dejavuJson<Listed[]>(['list'], env);
    const parent = listed.find((c) => c.sourcePath.endsWith(`${sessionId}.jsonl`));
    expect(parent).toBeDefined();
    const children = [explore, step].map((file) => listed.find((c) => c.sourcePath === file));
    expect(children.map((c) => c?.parentId)).toEqual([parent!.id, parent!.id]);
    expect(children.map((c) => c?.title)).toEqual(['Explore: Find retry logic', 'workflow-subagent: Write the changelog entry.']);
    // The workflow's journal is its step log, not a conversation.
    expect(listed.some((c) => c.sourcePath.endsWith('journal.jsonl'))).toBe(false);
    expect(listed).toHaveLength(3);

    // Importing the project folder files the same conversations under the same ids.
    const imported = { ...env, DEJAVU_HOME: path.join(work, 'imported') };
    writeFileSync(path.join(project, sessionId, 'tool-results', 'toolu_01Explore.json'), '{"matches":[]}');
    const r2 = dejavu(['import', project], imported);
    expect(r2.code).toBe(0);
    // Sidecars, saved outputs and the journal are read with their sessions: nothing to warn about.
    expect(r2.stderr).toBe('');
    expect(dejavuJson<Listed[]>(['list'], imported).map((c) => c.id).sort()).toEqual(listed.map((c) => c.id).sort());
  });
});
