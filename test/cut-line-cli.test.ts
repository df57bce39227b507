/**
 * A session file whose last line is cut short (no newline, not JSON). While the agent may still
 * be writing it, `dejavu sync` waits for the rest; once the file has been left alone, the line
 * is reported by number and what it holds is kept; when the agent does finish the line later,
 * the next sync reads it whole.
 */
import Database from 'better-sqlite3';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { fileParseContext } from '../main/core/capture/parse-context';
import { CUT_LINE_NOTE } from '../main/core/capture/read-lines';
import { claudeCodeProvider } from '../main/core/providers/claude-code';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

/** Claude Code 2.1.38, four prompts; its last, on line 32, is the one cut. */
const FIXTURE = path.join(FIXTURES_DIR, 'claude-code/FSM1__cipher-box/entire_checkpoints_v1/2e/fe8efde590/0/full.jsonl');
const LAST_PROMPT = 'ok secret has been added and configured. now to update the action?';
const CUT_AFTER = 'ok secret has been added';

describe('a session file cut short in its last line', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cut-'));
  const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: path.join(work, 'home') };
  const file = path.join(work, 'home', '.claude', 'projects', '-work-cipher-box', 'session.jsonl');
  const text = readFileSync(FIXTURE, 'utf8');
  const cutAt = text.indexOf(CUT_AFTER) + CUT_AFTER.length;
  const cutLine = text.slice(0, cutAt).split('\n').length;

  function archived(): Conversation {
    const [listed] = dejavuJson<{ id: string }[]>(['list'], env);
    const out = path.join(work, 'export.json');
    expect(dejavu(['export', listed.id, '--format', 'json', '-o', out], env).code).toBe(0);
    return JSON.parse(readFileSync(out, 'utf8')) as Conversation;
  }
  const prompts = (c: Conversation) => c.messages.filter((m) => m.role === 'user').flatMap((m) => m.parts.flatMap((p) => (p.type === 'text' ? [p.content] : [])));

  it('waits for the rest of the line while the file may still be written', () => {
    expect(cutLine).toBe(32);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text.slice(0, cutAt));
    const r = dejavu(['sync'], env);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const c = archived();
    expect(c.warnings).toEqual([]);
    expect(prompts(c)).toContain('do i add it to actions secrets?');
    expect(prompts(c).some((p) => p.startsWith(CUT_AFTER))).toBe(false);
  });

  it('reports the cut line, and keeps the words typed before the cut, once the file is left alone', () => {
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(file, aMinuteAgo, aMinuteAgo);
    const r = dejavu(['sync'], env);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toMatch(/1 read/);
    const c = archived();
    expect(c.warnings).toEqual([
      { line: 32, message: CUT_LINE_NOTE },
      { line: 32, message: `Kept what the cut line holds up to where it ends (${cutAt - text.lastIndexOf('\n', cutAt) - 1} characters)` },
    ]);
    expect(prompts(c)).toContain(CUT_AFTER);
    // The cursor stops where the cut line starts: it is read again, never stepped over.
    const db = new Database(path.join(env.DEJAVU_HOME, 'index.db'), { readonly: true });
    try {
      const row = db.prepare('SELECT read_offset FROM sources WHERE path = ?').get(file) as { read_offset: number };
      expect(row.read_offset).toBe(Buffer.byteLength(text.slice(0, text.lastIndexOf('\n', cutAt) + 1)));
    } finally {
      db.close();
    }
  });

  it('reads the line whole once the agent finishes writing it', async () => {
    appendFileSync(file, text.slice(cutAt));
    const r = dejavu(['sync'], env);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const c = archived();
    expect(c.warnings).toEqual([]);
    expect(prompts(c)).toContain(LAST_PROMPT);
    expect(prompts(c)).not.toContain(CUT_AFTER);
    const [whole] = await claudeCodeProvider.parse(fileParseContext(FIXTURE));
    expect(c.messages.map((m) => m.id)).toEqual(whole.messages.map((m) => m.id));
  });
});
