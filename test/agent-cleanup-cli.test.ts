/**
 * `dejavu stats` tells what the archive saved: per agent, conversations kept after the agent
 * deleted its files; a warning when Claude Code's own cleanup (its `cleanupPeriodDays`) will
 * delete sessions not archived yet; with --space, the space per workspace and agent and what
 * each eviction stage would free there. Real CLI, a fake home holding real fixture sessions.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SpaceBreakdown } from '../shared/views';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const PROJECT = path.join(FIXTURES_DIR, 'claude-code/d-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project');
const OLD = '1af7fc5e-8455-4414-9ccd-011d40f70b2a';
const RECENT = '5c0375b4-57a5-4f26-b12d-d022ee4e51b7';

describe('dejavu stats: what the archive kept, and what an agent is about to delete', () => {
  it('warns before Claude Code’s cleanup deletes sessions not archived, then counts the ones kept after it did', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cleanup-home-'));
    const env = { HOME: home, DEJAVU_HOME: path.join(home, 'archive') };
    const project = path.join(home, '.claude', 'projects', '-work-app');
    mkdirSync(project, { recursive: true });
    // Only cleanupPeriodDays is read; the other key stands for what must not be.
    writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify({ cleanupPeriodDays: 10, env: { ANTHROPIC_API_KEY: 'not-read' } }));
    for (const id of [OLD, RECENT]) copyFileSync(path.join(PROJECT, `${id}.jsonl`), path.join(project, `${id}.jsonl`));
    const twentyDaysAgo = (Date.now() - 20 * 86_400_000) / 1000;
    utimesSync(path.join(project, `${OLD}.jsonl`), twentyDaysAgo, twentyDaysAgo);

    const before = dejavu(['stats'], env);
    expect(before.code).toBe(0);
    expect(before.stderr).toContain('Claude Code deletes sessions idle for more than 10 days: 1 of them, not archived yet, go within 7 days');

    expect(dejavu(['sync'], env).code).toBe(0);
    const synced = dejavu(['stats'], env);
    expect(synced.stderr).not.toContain('Claude Code deletes sessions');

    // Claude Code's cleanup runs: the old session's file goes; the archive keeps it.
    rmSync(path.join(project, `${OLD}.jsonl`));
    expect(dejavu(['sync'], env).code).toBe(0);
    const after = dejavu(['stats'], env);
    expect(after.stdout).toMatch(/AGENT\s+CONVERSATIONS\s+KEPT AFTER THE AGENT DELETED IT\nclaude-code\s+\d+\s+1\n/);
    const json = dejavuJson<{ keptByAgent: Record<string, number>; agentCleanup: { cleanupPeriodDays: number; from: string; unarchived: number }[] }>(['stats'], env);
    expect(json.keptByAgent).toEqual({ 'claude-code': 1 });
    expect(json.agentCleanup).toEqual([{ agent: 'claude-code', cleanupPeriodDays: 10, from: 'settings', unarchived: 0 }]);
  }, 60_000);

  it('--space: space per workspace and agent, adding up to the archive, and what each stage would free', () => {
    const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-space-'));
    const env = { HOME: archive };
    expect(dejavu(['--archive', archive, 'import', path.join(FIXTURES_DIR, 'claude-code/entireio__cli'), path.join(FIXTURES_DIR, 'gemini-cli')], env).code).toBe(0);
    const stats = dejavuJson<{ blobBytes: number; conversations: number; space: SpaceBreakdown }>(['--archive', archive, 'stats', '--space'], env);
    const sum = (gs: readonly { bytes: number; conversations: number }[]) => [gs.reduce((n, g) => n + g.bytes, 0), gs.reduce((n, g) => n + g.conversations, 0)];
    expect(sum(stats.space.byWorkspace)).toEqual([stats.blobBytes, stats.conversations]);
    expect(sum(stats.space.byAgent)).toEqual([stats.blobBytes, stats.conversations]);
    const claude = stats.space.byAgent.find((g) => g.name === 'claude-code')!;
    expect(claude.stage1Frees).toBeGreaterThan(0);
    expect(claude.stage2Frees).toBeGreaterThan(claude.stage1Frees);
    const text = dejavu(['--archive', archive, 'stats', '--space'], env).stdout;
    expect(text).toMatch(/AGENT\s+CONVERSATIONS\s+SIZE\s+STAGE 1 FREES\s+STAGE 2 FREES\n/);
  }, 60_000);
});
