/**
 * Every real fixture of every agent Déjà Vu reads goes through the CLI (import → list → show)
 * and must reproduce the facts counted independently in PROVENANCE.md. A file's facts are
 * those of its main conversations (Aider keeps several sessions in one file: they add up); a
 * file that holds only a subagent's context is compared as it is (0 typed prompts).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { countAsProvenance } from './counts';
import { readProvenance } from './provenance';
import { PROVIDERS } from '../main/core/providers/registry';

const known = new Set<string>(PROVIDERS.map((p) => p.agent));
const rows = readProvenance().filter((f) => known.has(f.agentSection));

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

  /** The conversations a fixture's facts describe. */
  const mainsOf = (file: string) => {
    const all = listed.filter((c) => c.sourcePath === file);
    const mains = all.filter((c) => !c.parentId);
    return mains.length ? mains : all;
  };

  it('archives every fixture file under the right agent', () => {
    expect(rows.length).toBeGreaterThanOrEqual(29);
    for (const f of rows) {
      const mains = mainsOf(f.absPath);
      expect(mains.length, f.file).toBeGreaterThan(0);
      for (const m of mains) expect(m.agent, f.file).toBe(f.agentSection);
      if (f.agentSection !== 'aider') expect(mains, f.file).toHaveLength(1);
    }
  });

  it.each(rows.map((f) => [`#${f.n} ${f.file}`, f] as const))('reproduces the counted facts of %s', (_name, f) => {
    const total = { prompts: 0, assistantTexts: 0, toolCalls: 0 };
    for (const main of mainsOf(f.absPath)) {
      const conversation = dejavuJson<Conversation>(['show', main.id], env);
      expect(conversation.messages.length).toBe(main.messageCount);
      const counts = countAsProvenance(conversation);
      total.prompts += counts.prompts;
      total.assistantTexts += counts.assistantTexts;
      total.toolCalls += counts.toolCalls;
    }
    expect(total).toEqual({ prompts: f.prompts, assistantTexts: f.assistantTexts, toolCalls: f.toolCalls });
  });

  it('prints list as an array of conversations without messages, with sourcePath and parentId', () => {
    const raw = dejavu(['list', '--json'], env);
    const parsed = JSON.parse(raw.stdout) as Record<string, unknown>[];
    expect(parsed.length).toBeGreaterThanOrEqual(rows.length);
    for (const c of parsed) {
      expect(c).not.toHaveProperty('messages');
      expect(typeof c.sourcePath).toBe('string');
    }
    // A subagent found in its parent's own file (Claude sidechains, Copilot subagents) links to it.
    const subagents = parsed.filter((c) => c.parentId && parsed.some((p) => p.sourcePath === c.sourcePath && !p.parentId));
    expect(subagents.length).toBeGreaterThan(0);
    for (const s of subagents) expect(parsed.some((c) => c.id === s.parentId), String(s.id)).toBe(true);
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
