/** `dejavu files` and the human side of `dejavu usage`, over a real home synced by the real CLI. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FilesAnswer } from '../shared/files';
import type { UsageReport } from '../shared/usage';
import { dejavu } from './cli';
import { idInInstance } from '../main/core/providers/kit/identity';
import { buildFakeHome, JACKIN_CONTAINER } from './home';

/** The Claude Code viewer session lives in the fake home's jackin container: its ids carry the container. */
const viewer = idInInstance('claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b', JACKIN_CONTAINER);

let archive = '';
const env = () => ({ DEJAVU_HOME: archive, TZ: 'UTC' });

beforeAll(() => {
  const home = buildFakeHome(mkdtempSync(path.join(os.tmpdir(), 'dejavu-files-home-')));
  archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-files-archive-'));
  const sync = dejavu(['sync'], { HOME: home.dir, DEJAVU_HOME: archive });
  expect(sync.code, sync.stderr).toBe(0);
});

describe('dejavu files', () => {
  // Facts read from the fixtures themselves: the Claude Code viewer session edits page.tsx
  // (absolute path); the Codex skills session patches SKILL.md (relative to its cwd).
  const page = '/path/to/Demo/todo-app/src/app/page.tsx';
  const skill = 'plugins/entire/skills/what-happened/SKILL.md';

  it('lists the conversations that edited a file, by its absolute path', () => {
    const r = dejavu(['files', page, '--json'], env());
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as FilesAnswer;
    // Its subagents made the edits: each is listed on its own.
    const editors = a.entries.filter((e) => e.conversationId.startsWith(`${viewer}.sidechain-`) && e.actions.includes('edit'));
    expect(editors.length).toBeGreaterThan(1);
    expect(a.entries.every((e) => e.path === page)).toBe(true);
  });

  it('resolves a patch’s relative path against the conversation’s cwd, and finds it from a relative path typed anywhere', () => {
    const r = dejavu(['files', skill, '--json'], env());
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as FilesAnswer;
    const hit = a.entries.find((e) => e.conversationId === 'codex_019dc0d3-6b22-7052-b168-4487a38e0f4d');
    expect(hit?.path).toBe(`/Users/pfleidi/entire/skills/${skill}`);
    expect(hit?.actions).toContain('patch');
    const text = dejavu(['files', skill], env());
    expect(text.stdout).toContain('codex_019dc0d3');
    expect(text.stdout).toContain('patch');
  });

  it('lists the files one conversation touched, from an id prefix', () => {
    const r = dejavu(['files', '--conversation', 'codex_019dc0d3', '--json'], env());
    expect(r.code, r.stderr).toBe(0);
    const a = JSON.parse(r.stdout) as FilesAnswer;
    expect(a.entries.map((e) => e.path)).toContain(`/Users/pfleidi/entire/skills/${skill}`);
  });

  it('says what is missing, and when nothing matches', () => {
    const none = dejavu(['files'], env());
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give a PATH or --conversation ID');
    const nothing = dejavu(['files', '/no/such/file.ts'], env());
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toContain('No archived conversation touched /no/such/file.ts.');
    const unknown = dejavu(['files', '--conversation', 'nope-nope'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no conversation matches "nope-nope"');
  });
});

describe('dejavu files --diffs', () => {
  const page = '/path/to/Demo/todo-app/src/app/page.tsx';
  const skill = 'plugins/entire/skills/what-happened/SKILL.md';
  const layoutAgent = `${viewer}.sidechain-f4ab2bf6-d642-431a-85cb-66691f24c404`;
  const filesJson = (...args: string[]) => {
    const r = dejavu(['files', ...args, '--json'], env());
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as FilesAnswer;
  };

  it('shows each Claude Code Edit of the file as a diff, in JSON and as text', () => {
    const a = filesJson(page, '--diffs');
    const layout = a.entries.find((e) => e.conversationId === layoutAgent);
    // Facts of the fixture: that subagent replaced the placeholder page with one using useTodos.
    expect(layout?.diffs?.map((d) => [d.tool, d.diff.action])).toEqual([['Edit', 'edit']]);
    const lines = layout!.diffs![0].diff.lines;
    expect(lines).toContainEqual({ kind: 'add', text: "import { useTodos } from '@/hooks/useSimpleTodos';" });
    expect(lines).toContainEqual({ kind: 'del', text: '            Your TODO app will be built here!' });
    // Every editor's diffs are its edits of this file, no more than its calls that touched it.
    for (const e of a.entries) expect(e.diffs!.length).toBeLessThanOrEqual(e.calls);
    expect(a.entries.every((e) => !e.actions.includes('edit') || e.diffs!.length > 0)).toBe(true);

    const text = dejavu(['files', page, '--diffs'], env());
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`== ${layoutAgent} (claude-code): 1 edit of ${page}`);
    expect(text.stdout).toMatch(/-- #73 Edit \(edit\) 2025-09-03/);
    expect(text.stdout).toContain("\n+import { useTodos } from '@/hooks/useSimpleTodos';\n");
    expect(text.stdout).toContain('\n-            Your TODO app will be built here!\n');
  });

  it('shows only the hunks of a Codex apply_patch that are about the file', () => {
    const a = filesJson(skill, '--diffs');
    const codex = a.entries.find((e) => e.conversationId === 'codex_019dc0d3-6b22-7052-b168-4487a38e0f4d');
    expect(codex?.diffs?.length).toBe(6);
    expect(codex!.diffs!.every((d) => d.tool === 'apply_patch' && d.diff.path === skill)).toBe(true);
    expect(codex!.diffs![0].diff.lines).toEqual(expect.arrayContaining([{ kind: 'del', text: 'name: wat' }, { kind: 'add', text: 'name: What Happened' }]));
    // The same conversation patched README.md too: none of that shows here.
    const readme = filesJson('/Users/pfleidi/entire/skills/README.md', '--diffs').entries.find((e) => e.conversationId === codex!.conversationId);
    expect(readme?.diffs?.length).toBe(1);
    expect(readme!.diffs![0].diff.path).toBe('README.md');
    // A conversation that only read the file has no edits to show.
    expect(a.entries.find((e) => e.conversationId.startsWith('claude-code_4a07cdcd'))?.diffs).toEqual([]);
  });

  it('leaves diffs out unless asked, and says --diffs needs a PATH', () => {
    expect(filesJson(page).entries.every((e) => e.diffs === undefined)).toBe(true);
    expect(dejavu(['files', page], env()).stdout).not.toContain('== ');
    const bad = dejavu(['files', '--conversation', 'codex_019dc0d3', '--diffs'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--diffs goes with a PATH');
  });
});

describe('dejavu usage (text)', () => {
  it('names the price table, shows "no price" for a model it does not know, and rolls subagents into their parent', () => {
    const r = dejavu(['usage', '--by', 'model'], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gpt-5\.3-codex-spark\s.*no price/);
    expect(r.stdout).toContain('No price for aide-gpt-5, gpt-5.3-codex-spark');
    expect(r.stdout).toContain('Prices: @pydantic/genai-prices 0.1.8 (bundled, offline). Days in UTC.');
    const json = JSON.parse(dejavu(['usage', '--top', '1000', '--json'], env()).stdout) as UsageReport;
    const parent = json.topConversations.find((c) => c.id === viewer);
    expect(parent?.subagents).toBeGreaterThan(0);
    const kids = json.topConversations.filter((c) => c.parentId === parent?.id);
    expect(kids.length).toBe(parent?.subagents);
    const sum = kids.reduce((n, k) => n + k.own.tokens.total, parent?.own.tokens.total ?? 0);
    expect(parent?.withSubagents.tokens.total).toBe(sum);
    expect(parent?.withSubagents.tokens.total).toBeGreaterThan(parent?.own.tokens.total ?? Infinity);
  });

  it('groups by month from a date on, and refuses a date it cannot read', () => {
    const r = JSON.parse(dejavu(['usage', '--by', 'month', '--since', '2026-04-01', '--json'], env()).stdout) as UsageReport;
    expect(r.rows.map((x) => x.key).every((k) => /^2026-0[4-9]$/.test(k))).toBe(true);
    expect(r.rows.length).toBeGreaterThan(1);
    const bad = dejavu(['usage', '--since', 'last tuesday'], env());
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--since "last tuesday" is not a date: use YYYY-MM-DD');
  });
});
