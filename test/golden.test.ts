/**
 * Golden files: the Markdown export and the message outline of a few real fixtures, reviewed
 * and committed. Any change in how a conversation is normalized or rendered shows up here as a
 * diff to review; `UPDATE_GOLDEN=1 npx vitest run test/golden.test.ts` rewrites them.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Part } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const GOLDEN = [
  { name: 'claude-code-small', file: 'claude-code/entireio__cli/entire_checkpoints_v1/4c/02af2759b6/0/full.jsonl' },
  { name: 'claude-code-init', file: 'claude-code/d-kimuson__claude-code-viewer/mock-global-claude-dir/projects/sample-project/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl' },
  { name: 'codex-turn-aborted', file: 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl' },
  { name: 'gemini-cli-two-prompts', file: 'gemini-cli/entireio__cli/entire_checkpoints_v1/12/cbfeaa512b/0/full.jsonl' },
];
const dir = path.join(REPO_ROOT, 'test', 'golden');

/** Machine-specific paths out, so the files are the same everywhere. */
function portable(text: string): string {
  return text.split(FIXTURES_DIR).join('<fixtures>');
}

/** One line per message: role, kind and its parts' types, enough to see a structural change. */
function outline(c: Conversation): string {
  const part = (p: Part) => (p.type === 'tool_call' ? `tool_call(${p.name})` : p.type === 'tool_call_response' ? `tool_call_response${p.isError ? '!' : ''}` : p.type);
  return c.messages.map((m, i) => `${i} ${m.role}${m.kind ? `/${m.kind}` : ''} ${m.parts.map(part).join(' ')}`).join('\n') + '\n';
}

function check(file: string, actual: string): void {
  if (process.env.UPDATE_GOLDEN || !existsSync(file)) writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('golden output', () => {
  const archive = mkdtempSync(path.join(os.tmpdir(), 'dejavu-golden-'));
  // Times are written in the reader's zone: pin one, so the files are the same on every machine.
  const env = { DEJAVU_HOME: archive, TZ: 'America/Los_Angeles' };
  let ids: Map<string, string>;

  beforeAll(() => {
    expect(dejavu(['import', ...GOLDEN.map((g) => path.join(FIXTURES_DIR, g.file))], env).code).toBe(0);
    const listed = dejavuJson<{ id: string; sourcePath: string; parentId?: string }[]>(['list'], env);
    ids = new Map(GOLDEN.map((g) => [g.name, listed.find((c) => c.sourcePath === path.join(FIXTURES_DIR, g.file) && !c.parentId)!.id]));
  });

  it.each(GOLDEN.map((g) => [g.name] as const))('%s matches its reviewed Markdown export and outline', (name) => {
    const id = ids.get(name)!;
    const markdown = dejavu(['export', id, '-o', '-'], env);
    expect(markdown.code).toBe(0);
    check(path.join(dir, `${name}.md`), portable(markdown.stdout));
    check(path.join(dir, `${name}.outline.txt`), outline(dejavuJson<Conversation>(['show', id], env)));
  });
});
