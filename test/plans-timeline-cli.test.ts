/**
 * `dejavu plans`, `dejavu plan` and `dejavu timeline` through the real CLI, over an archive
 * imported from the real fixtures that hold plans: Claude Code plan mode with its plan file,
 * "Implement the following plan" prompts, Codex update_plan, Cline plan_mode_respond (two copies
 * of one task), and a Copilot CLI session writing a plan file in a worktree.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlanDocument, PlansAnswer } from '../shared/plans';
import type { TimelineAnswer } from '../shared/timeline';
import { dejavu } from './cli';
import { FIXTURES_DIR } from './fixtures';

let archive = '';
const env = () => ({ DEJAVU_HOME: archive, TZ: 'UTC' });
const json = <T>(args: string[]): T => {
  const r = dejavu([...args, '--json'], env());
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
};

const PLAN_MODE = 'claude-code_6113e919-67d3-417b-b525-c63700228d19';

beforeAll(() => {
  archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-plans-'));
  const f = (p: string) => path.join(FIXTURES_DIR, p);
  const r = dejavu(
    ['import', f('claude-code/entireio__cli'), f('claude-code/MoonshotAI__kimi-cli'), f('codex/EntityProcess__agentv'), f('cline'), f('copilot-cli/EntityProcess__agentv')],
    { DEJAVU_HOME: archive },
  );
  expect(r.code, r.stderr).toBe(0);
});

describe('dejavu plans', () => {
  it('makes one plan of the plan file Claude wrote, edited, and handed to ExitPlanMode', () => {
    const a = json<PlansAnswer>(['plans', '--conversation', PLAN_MODE]);
    const plan = a.plans.find((p) => p.origins.includes('plan-mode')) as PlanDocument;
    expect(plan.title).toBe('Implementation Plan: Initial Attribution Calculation for Manual-Commit');
    // The Write, then the Edit applied to it, gives exactly the text ExitPlanMode carried: one version.
    expect(plan.origins).toEqual(['plan-file', 'plan-mode']);
    expect(plan.versions).toBe(1);
    expect(plan.paths).toEqual(['/Users/soph/.claude/plans/curious-noodling-sloth.md']);
    expect(plan.uses.map((u) => [u.link, u.tool])).toEqual([
      ['made', 'Edit'],
      ['made', 'ExitPlanMode'],
    ]);
    // Its TodoWrite step list is a plan of its own, with the statuses of its last update.
    const steps = a.plans.find((p) => p.origins.includes('steps')) as PlanDocument;
    expect(steps.steps?.every((s) => s.status === 'completed')).toBe(true);
  });

  it('finds plans handed over in a prompt, Codex step lists, and deduplicates the same Cline plan', () => {
    const prompts = json<PlansAnswer>(['plans', '--origin', 'prompt']);
    expect(prompts.plans.map((p) => p.title).sort()).toEqual(['Fix: @ file mention stale index — review 问题修复', 'Fix: CLI 中 FetchURL 截断 URL 支持 Ctrl+Click 打开完整链接']);
    expect(prompts.plans.every((p) => p.uses.every((u) => u.link === 'used' && u.messageIndex === 0))).toBe(true);
    const codex = json<PlansAnswer>(['plans', '--conversation', 'codex_019ed836']);
    expect(codex.plans[0].title).toBe('Remove the plugin package and clean up any repo references without touching unrelated worktree changes.');
    expect(codex.plans[0].text).toContain('- [x] Inspect workspace, docs, and CI references to the claude-trace plugin');
    const cline = json<PlansAnswer>(['plans', '--origin', 'plan-mode', '--workspace', 'mcp-vscode-server']);
    expect(cline.plans).toHaveLength(1);
    expect(cline.plans[0].uses.map((u) => u.conversationId).sort()).toEqual(['cline_Jeehunter__mcp-vscode-server', 'cline_MCP']);
  });

  it('searches plans by words, and lists a plan file only read by its path', () => {
    const hit = json<PlansAnswer>(['plans', 'force', 'push']);
    expect(hit.plans.map((p) => p.title)).toContain('feat: Conflict-free results sync without force push');
    // The new plan names the old one in its text: both match; the old one was only viewed.
    const read = json<PlansAnswer>(['plans', 'remote-result-metadata']).plans.find((p) => p.title === '2026-06-23-002-feat-remote-result-metadata-conflicts-plan');
    expect(read?.text).toBe('');
    expect(read?.uses.map((u) => [u.link, u.tool])).toEqual([['used', 'view']]);
    const none = dejavu(['plans', 'zzqqxx'], env());
    expect(none.stdout).toBe('No plan found in the archive for this question.\n');
  });

  it('prints one plan as Markdown with the conversations that made it, and says when none matches', () => {
    const [plan] = json<PlansAnswer>(['plans', 'attribution', '--origin', 'plan-mode']).plans;
    const md = dejavu(['plan', plan.id.slice(0, 8)], env());
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout.startsWith('# Implementation Plan: Initial Attribution Calculation for Manual-Commit\n')).toBe(true);
    expect(md.stdout).toContain(`- made by \`${PLAN_MODE}\` (claude-code, cli, branch main, 2026-01-23 15:37) at message 102 via ExitPlanMode`);
    const missing = dejavu(['plan', 'ffffffff'], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no plan matches "ffffffff" (list them with `dejavu plans`)');
  });
});

describe('dejavu timeline', () => {
  it('puts every agent of a repository in time order, a worktree with its checkout, subagents in their parent', () => {
    const t = json<TimelineAnswer>(['timeline', 'agentv']);
    const root = '/home/entity/projects/EntityProcess/agentv';
    expect(t.repositories.map((r) => r.root)).toEqual([root]);
    const agents = new Set(t.entries.map((e) => e.agent));
    expect([...agents].sort()).toEqual(['codex', 'copilot-cli']);
    const starts = t.entries.map((e) => e.startedAt ?? '');
    expect(starts).toEqual([...starts].sort());
    const wt = t.entries.find((e) => e.conversationId === 'copilot-cli_c3f091b3-1a1f-435f-8acb-6c7520106212');
    expect(wt?.worktree).toBe('/home/entity/projects/EntityProcess/agentv__worktrees/conflict-free-results-sync');
    expect(wt?.plans.map((p) => p.title)).toContain('feat: Conflict-free results sync without force push');
    const codex = t.entries.find((e) => e.conversationId === 'codex_019ed836-b1da-78f1-8a0c-e598363d10f4');
    expect(codex?.files.top).toContain('.github/plugin/marketplace.json');
    expect(codex?.costUsd).toBeGreaterThan(0);
    expect(codex?.outcome).toBe('success');
  });

  it('filters by branch (or worktree) and day, and says what repositories there are when none matches', () => {
    const main = json<TimelineAnswer>(['timeline', '--repo', 'agentv', '--branch', 'main']);
    expect(main.entries.length).toBeGreaterThan(0);
    expect(main.entries.every((e) => e.branch === 'main')).toBe(true);
    const wt = json<TimelineAnswer>(['timeline', 'agentv', '--branch', 'conflict-free-results-sync']);
    expect(wt.entries.map((e) => e.conversationId)).toEqual(['copilot-cli_c3f091b3-1a1f-435f-8acb-6c7520106212']);
    const late = json<TimelineAnswer>(['timeline', 'agentv', '--since', '2026-06-23']);
    expect(late.entries.every((e) => (e.startedAt ?? '') >= '2026-06-23')).toBe(true);
    expect(late.entries.length).toBeLessThan(json<TimelineAnswer>(['timeline', 'agentv']).entries.length);
    const text = dejavu(['timeline', 'agentv', '--branch', 'main'], env());
    expect(text.stdout).toContain('> remove agentv-claude-trace plugin no longer needed, can merge directly');
    expect(text.stdout).toMatch(/plan [0-9a-f]{12} \(made · steps\): Remove the plugin package/);
    const none = dejavu(['timeline', 'no-such-repo'], env());
    expect(none.code).toBe(0);
    expect(none.stdout).toContain('No archived conversation in no-such-repo.');
    expect(none.stdout).toMatch(/Repositories in the archive: .*agentv/);
    const bad = dejavu(['timeline', '--since', 'yesterday'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since "yesterday" is not a date: use YYYY-MM-DD');
  });
});
