/**
 * Every real Claude Code and Codex fixture goes through the CLI (import → list → show) and
 * must reproduce the facts counted independently in PROVENANCE.md.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { countFacts } from './counts';
import { provenanceFor } from './provenance';

const SECTIONS = ['claude-code', 'codex'] as const;
const rows = SECTIONS.flatMap((s) => provenanceFor(s));

interface Listed {
  id: string;
  agent: string;
  sourcePath: string;
  parentId?: string;
  messageCount: number;
}

describe('CLI on the real fixtures', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cli-'));
  const env = { DEJAVU_HOME: archive };
  let listed: Listed[] = [];

  beforeAll(() => {
    const r = dejavu(['import', ...rows.map((f) => f.absPath)], env);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    listed = dejavuJson<Listed[]>(['list'], env);
  });

  it('archives one main conversation per fixture file, with the right agent', () => {
    for (const f of rows) {
      const mains = listed.filter((c) => c.sourcePath === f.absPath && !c.parentId);
      expect(mains, f.file).toHaveLength(1);
      expect(mains[0].agent, f.file).toBe(f.agentSection);
    }
  });

  it.each(rows.map((f) => [`#${f.n} ${f.file}`, f] as const))('reproduces the counted facts of %s', (_name, f) => {
    const main = listed.find((c) => c.sourcePath === f.absPath && !c.parentId);
    expect(main).toBeDefined();
    const conversation = dejavuJson<Conversation>(['show', main!.id], env);
    expect(countFacts(conversation)).toEqual({ prompts: f.prompts, assistantTexts: f.assistantTexts, toolCalls: f.toolCalls });
    expect(conversation.messages.length).toBe(main!.messageCount);
  });

  it('prints list as an array of conversations without messages, with sourcePath and parentId', () => {
    const raw = dejavu(['list', '--json'], env);
    const parsed = JSON.parse(raw.stdout) as Record<string, unknown>[];
    expect(parsed.length).toBeGreaterThanOrEqual(rows.length);
    for (const c of parsed) {
      expect(c).not.toHaveProperty('messages');
      expect(typeof c.sourcePath).toBe('string');
    }
    const subagents = parsed.filter((c) => c.parentId);
    for (const s of subagents) expect(parsed.some((c) => c.id === s.parentId)).toBe(true);
  });

  it('filters list by agent and by workspace', () => {
    const codex = dejavuJson<Listed[]>(['list', '--agent', 'codex'], env);
    expect(codex.length).toBe(rows.filter((r) => r.agentSection === 'codex').length);
    expect(codex.every((c) => c.agent === 'codex')).toBe(true);
    const one = dejavuJson<(Listed & { workspace: string })[]>(['list'], env)[0];
    const same = dejavuJson<(Listed & { workspace: string })[]>(['list', '--workspace', one.workspace], env);
    expect(same.length).toBeGreaterThan(0);
    expect(same.every((c) => c.workspace === one.workspace)).toBe(true);
  });

  it('uses exit code 2 for usage errors and 1 with a one-line message for failures', () => {
    const usage = dejavu(['list', '--agent', 'not-an-agent'], env);
    expect(usage.code).toBe(2);
    expect(dejavu(['frobnicate'], env).code).toBe(2);
    const missing = dejavu(['show', 'no-such-conversation'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^dejavu: no conversation matches/);
  });
});
