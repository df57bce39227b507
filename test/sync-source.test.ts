/** `dejavu sync --source DIR` reads a home, or — when DIR is no agent home — any session files in it. */
import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

describe('sync --source', () => {
  it('finds session files by content in a folder that is not an agent home', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-source-'));
    const folder = path.join(work, 'copied-projects');
    cpSync(path.join(FIXTURES_DIR, 'claude-code', 'd-kimuson__claude-code-viewer'), folder, { recursive: true });
    cpSync(path.join(FIXTURES_DIR, 'codex', 'entireio__skills'), path.join(folder, 'codex'), { recursive: true });
    const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: path.join(work, 'empty-home') };
    const report = dejavuJson<{ read: number; created: string[]; errors: unknown[] }>(['sync', '--source', folder], env);
    expect(report.errors).toEqual([]);
    expect(report.read).toBe(6);
    const listed = dejavuJson<{ agent: string }[]>(['list'], env);
    expect(new Set(listed.map((c) => c.agent))).toEqual(new Set(['claude-code', 'codex']));
    // Again: nothing changed, nothing read.
    expect(dejavuJson<{ read: number }>(['sync', '--source', folder], env).read).toBe(0);
  });
});
