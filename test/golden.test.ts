/**
 * Golden files: the Markdown export and the message outline of a few real fixtures, reviewed
 * and committed. Any change in how a conversation is normalized or rendered shows up here as a
 * diff to review. A missing golden fails; `DEJAVU_UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts`
 * (re)writes them, to be read and reviewed before they are committed. Every agent with a fixture has one,
 * and every agent has a reviewed outline (test/outline-golden.ts).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../main/core/providers/registry';
import { AGENT_IDS } from '../shared/agents';
import type { Conversation, Part } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';
import { OUTLINE_DIR } from './outline-golden';

/** The smallest real fixture of each agent (plus a few chosen for what they show). */
const GOLDEN = [
  { name: 'aider-small', file: 'aider/AbdulAlkawasmeh__metadata-aider/blob_c09a660790/.aider.chat.history.md' },
  { name: 'claude-code-small', file: 'claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl' },
  { name: 'claude-code-init', file: 'claude-code/d-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl' },
  { name: 'cline-small', file: 'cline/Jeehunter__mcp-vscode-server/ui_messages.json' },
  { name: 'codex-turn-aborted', file: 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl' },
  { name: 'copilot-cli-small', file: 'copilot-cli/computermode__test-repo/entire_checkpoints_v1/69/9504f045e2/0/full.jsonl' },
  { name: 'cursor-cli-small', file: 'cursor-cli/computermode__test-repo/entire_checkpoints_v1/f5/5b1d3b434a/0/full.jsonl' },
  { name: 'factory-droid-small', file: 'factory-droid/computermode__test-repo/entire_checkpoints_v1/b1/b2d74d8ef1/0/full.jsonl' },
  { name: 'gemini-cli-two-prompts', file: 'gemini-cli/entireio__cli/entire_checkpoints_v1/12/cbfeaa512b/0/full.jsonl' },
  { name: 'kimi-cli-small', file: 'kimi-cli/MoonshotAI__kimi-cli/outputs/scikit-learn__scikit-learn-26323/20251030-164452/00d5060aaec3fda180930ea52304b87b/531d195b-6436-426e-b010-4bf723a992de.jsonl' },
  { name: 'opencode-small', file: 'opencode/vuon9__devtoolbox/entire_checkpoints_v1/96/0b22501128/0/full.jsonl' },
];
const UPDATE = process.env.DEJAVU_UPDATE_GOLDEN === '1';
const dir = path.join(REPO_ROOT, 'test', 'golden');

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-golden-'));
/** Copies of the fixtures with one fixed mtime: formats without timestamps date a session by its file. */
const copies = path.join(work, 'fixtures');
const FIXED_MTIME = new Date('2025-01-02T03:04:05.000Z');

/** Machine-specific paths out (and the id, which some agents derive from the path), so the files are the same everywhere. */
function portable(text: string, id: string): string {
  return text.split(copies).join('<fixtures>').split(id).join('<conversation-id>');
}

/** One line per message: role, kind and its parts' types, enough to see a structural change. */
function outline(c: Conversation): string {
  const part = (p: Part) => (p.type === 'tool_call' ? `tool_call(${p.name})` : p.type === 'tool_call_response' ? `tool_call_response${p.isError ? '!' : ''}` : p.type);
  return c.messages.map((m, i) => `${i} ${m.role}${m.kind ? `/${m.kind}` : ''} ${m.parts.map(part).join(' ')}`).join('\n') + '\n';
}

function check(file: string, actual: string): void {
  if (UPDATE) writeFileSync(file, actual);
  else if (!existsSync(file)) {
    throw new Error(`${path.relative(REPO_ROOT, file)} is missing: write it with DEJAVU_UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts, then read it before committing`);
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden output', () => {
  it('covers every agent with a fixture', () => {
    const known = new Set<string>(PROVIDERS.map((p) => p.agent));
    const withFixtures = readdirSync(FIXTURES_DIR).filter((name) => known.has(name) && statSync(path.join(FIXTURES_DIR, name)).isDirectory());
    expect(withFixtures.length).toBeGreaterThan(0);
    expect([...new Set(GOLDEN.map((g) => g.file.split('/')[0]))].sort()).toEqual(withFixtures.sort());
  });

  it('has a reviewed outline for every agent, source-only ones (written by their parse tests) included', () => {
    const missing = AGENT_IDS.filter((agent) => !existsSync(path.join(OUTLINE_DIR, `${agent}.txt`)));
    expect(missing, 'agents without test/golden/outline/<agent>.txt (see test/outline-golden.ts)').toEqual([]);
    expect(readdirSync(OUTLINE_DIR).sort()).toEqual(AGENT_IDS.map((a) => `${a}.txt`).sort());
  });

  // Times are written in the reader's zone: pin one, so the files are the same on every machine.
  const env = { DEJAVU_HOME: path.join(work, 'archive'), TZ: 'America/Los_Angeles' };
  let ids: Map<string, string>;

  beforeAll(() => {
    for (const g of GOLDEN) {
      cpSync(path.join(FIXTURES_DIR, g.file), path.join(copies, g.file));
      utimesSync(path.join(copies, g.file), FIXED_MTIME, FIXED_MTIME);
    }
    const imported = dejavu(['import', ...GOLDEN.map((g) => path.join(copies, g.file))], env);
    expect(imported.code, imported.stderr).toBe(0);
    const listed = dejavuJson<{ id: string; sourcePath: string; parentId?: string }[]>(['list'], env);
    ids = new Map(GOLDEN.map((g) => [g.name, listed.find((c) => c.sourcePath === path.join(copies, g.file) && !c.parentId)!.id]));
  });

  it.each(GOLDEN.map((g) => [g.name] as const))('%s matches its reviewed Markdown export and outline', (name) => {
    const id = ids.get(name)!;
    const markdown = dejavu(['export', id, '-o', '-'], env);
    expect(markdown.code).toBe(0);
    check(path.join(dir, `${name}.md`), portable(markdown.stdout, id));
    check(path.join(dir, `${name}.outline.txt`), outline(dejavuJson<Conversation>(['show', id], env)));
  });
});
