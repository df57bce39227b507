/**
 * The Markdown export reads like the thread: one heading per prompt of the person, injected
 * context folded (its headings fenced, never in the outline), edits and patches as `diff` blocks,
 * each result under its call with the tool's name, times in the reader's zone, no empty
 * thinking stubs. Run through the real CLI on real fixtures.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from './cli';
import { FIXTURES_DIR } from './fixtures';

const EDITS = { id: 'claude-code_be80e9bc-44fd-4e97-abd0-5d14c5d3e626', file: 'claude-code/blackgirlbytes__entire-token-costs-benchmark-tests/entire_checkpoints_v1/cb/190e483db3/0/full.jsonl' };
const PATCH = { id: 'codex_019ed836-b1da-78f1-8a0c-e598363d10f4', dir: 'codex' };
const REDACTED = { id: 'codex_019f03e0-321f-7eb2-83cc-b54ecd71be23', file: 'codex/EntityProcess__agentv/entire_checkpoints_v1/00/34f597b72d/1/full.jsonl' };

const env = { DEJAVU_HOME: mkdtempSync(path.join(os.tmpdir(), 'dejavu-md-')), TZ: 'America/Los_Angeles' };
const exported = new Map<string, string>();

/** Headings outside fenced blocks: what a Markdown outline shows. */
function outline(md: string): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of md.split('\n')) {
    const f = /^(`{3,})/.exec(line);
    if (f && (!fence || f[1].length >= fence.length)) fence = fence ? undefined : f[1];
    else if (!fence && /^#{1,6} /.test(line)) out.push(line);
  }
  return out;
}

beforeAll(() => {
  expect(dejavu(['import', path.join(FIXTURES_DIR, EDITS.file), path.join(FIXTURES_DIR, PATCH.dir), path.join(FIXTURES_DIR, REDACTED.file)], env).code).toBe(0);
  for (const { id } of [EDITS, PATCH, REDACTED]) {
    const r = dejavu(['export', id, '-o', '-'], env);
    expect(r.code, r.stderr).toBe(0);
    exported.set(id, r.stdout);
  }
}, 120_000);

describe('the Markdown export', () => {
  it('has one heading per prompt of the person and one for the answer, nothing from injected context', () => {
    for (const md of exported.values()) {
      const headings = outline(md);
      expect(headings[0]).toMatch(/^# /);
      // Turn headings only at levels 1–3; the transcript's own headings sit below them.
      for (const h of headings.slice(1).filter((x) => /^#{1,3} /.test(x))) expect(h).toMatch(/^(## You|### (Claude Code|Codex CLI))\b/);
      expect(headings.filter((h) => h.startsWith('## You')).length).toBeGreaterThan(0);
      expect(md).not.toMatch(/^## (System|Assistant|Tool)\b/m);
    }
    expect(exported.get(PATCH.id)).toContain('<details><summary>Injected context');
  });

  it('writes edits and patches as diff blocks, each result right under its call with the tool’s name', () => {
    const edits = exported.get(EDITS.id)!;
    expect(edits).toMatch(/\*\*Edit\*\*[^\n]*\n\n`[^`\n]+` \(edit\)\n\n```diff\n/);
    const patch = exported.get(PATCH.id)!;
    expect(patch).toMatch(/\*\*apply_patch\*\*\n\n`[^`\n]+` \((update|add|delete)\)\n\n```+diff\n/);
    expect(patch).toMatch(/```\n\n\*\*Result \(apply_patch\)\*\*/);
    // Codex's wrapper lines are read into the label, not written as output.
    expect(patch).not.toContain('Chunk ID:');
    expect(patch).toMatch(/\*\*Result \(exec_command\)\*\* · exit 0/);
  });

  it('writes times in the reader’s zone and no stub for redacted thinking', () => {
    const md = exported.get(REDACTED.id)!;
    expect(md).toMatch(/- \*\*Started:\*\* \d{4}-\d\d-\d\d \d\d:\d\d:\d\d P[SD]T\n/);
    for (const line of md.split('\n').filter((l) => /^(## You|### Codex CLI|- \*\*(Started|Ended):)/.test(l))) expect(line).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d P[SD]T$/);
    expect(md).not.toContain('Thinking (redacted)');
    expect(md).not.toMatch(/<summary>Thinking<\/summary>\s*<\/details>/);
  });
});
