/**
 * A tool call whose input nests thousands of levels deep (JSON.parse reads it; JSON.stringify,
 * structuredClone and recursive walkers overflow the stack on it) must not cost the session:
 * `dejavu sync` keeps the conversation, keeps the deep part as its JSON text, and says so on
 * the line it came from.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { DEEP_BOTTOM, spliceDeepObject } from './damage';
import { FIXTURES_DIR } from './fixtures';

const CLAUDE = path.join(FIXTURES_DIR, 'claude-code/entireio__cli/entire_checkpoints_v1/c9/883595c929/0/full.jsonl');
/** A Codex 0.140 rollout whose `tool_search_call` records carry `arguments` as a JSON object. */
const CODEX = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/1f/4427577930/2/full.jsonl');
const WARNING = 'JSON nested more than 256 levels deep; everything below level 256 is kept as its JSON text';

describe('dejavu sync with a tool input nested 10,000 levels deep', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-deep-'));
  const home = path.join(work, 'home');
  const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: home, CODEX_HOME: '' };
  const claude = spliceDeepObject(readFileSync(CLAUDE, 'utf8'), /"type":"tool_use"[^\n]*?"input":\{/, 10_000)!;
  const codex = spliceDeepObject(readFileSync(CODEX, 'utf8'), /"type":"tool_search_call"[^\n]*?"arguments":\{/, 10_000)!;
  let sync: ReturnType<typeof dejavu>;

  beforeAll(() => {
    const claudeFile = path.join(home, '.claude', 'projects', '-work-cli', '1b3e6441-62e3-4b41-8a0c-9d252f531f7a.jsonl');
    const codexFile = path.join(home, '.codex', 'sessions', '2026', '06', '18', 'rollout-2026-06-18T07-23-13-019ed99c-d00d-7613-b2e7-d2f512f78afd.jsonl');
    for (const [file, text] of [[claudeFile, claude.text], [codexFile, codex.text]]) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    sync = dejavu(['sync'], env);
  });

  it('archives both sessions and exits 0', () => {
    expect(sync.stderr).toBe('');
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(/2 new/);
  });

  it.each([
    ['claude-code', () => claude.lineNo],
    ['codex', () => codex.lineNo],
  ])('%s: keeps the deep input as text and warns on its line', (agent, lineNo) => {
    const listed = dejavuJson<{ id: string; agent: string; parentId?: string }[]>(['list'], env).filter((c) => c.agent === agent && !c.parentId);
    expect(listed).toHaveLength(1);
    const out = path.join(work, `${agent}.json`);
    expect(dejavu(['export', listed[0].id, '--format', 'json', '-o', out], env).code).toBe(0);
    const c = JSON.parse(readFileSync(out, 'utf8')) as Conversation;
    const deepCalls = c.messages.flatMap((m) => m.parts).filter((p) => p.type === 'tool_call' && p.arguments.includes(DEEP_BOTTOM));
    expect(deepCalls).toHaveLength(1);
    // The part below level 256 is a JSON string holding the text as written.
    expect(deepCalls[0].type === 'tool_call' && deepCalls[0].arguments).toContain(`{\\"deep\\":{\\"deep\\":`);
    expect(c.warnings).toContainEqual({ line: lineNo(), message: WARNING });
    const shown = dejavu(['show', listed[0].id], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(DEEP_BOTTOM);
  });

  it('finds the prompt of the session with the deep input', () => {
    const hits = dejavuJson<{ conversationId: string }[]>(['search', 'cli-maintainers'], env);
    expect(hits.length).toBeGreaterThan(0);
  });
});
