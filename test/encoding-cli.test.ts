/**
 * Through the real CLI: `dejavu import` recognises and reads session files saved as UTF-16,
 * and a prompt with a raw NUL byte in it is archived and found by search.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { utf16 } from './damage';
import { FIXTURES_DIR } from './fixtures';

const CODEX = path.join(FIXTURES_DIR, 'codex/entireio__skills/entire_checkpoints_v1/e0/814f45fcd4/0/full.jsonl');
const GEMINI = path.join(FIXTURES_DIR, 'gemini-cli/Mai0313__VibeCodingTracker/blob_7a866e83a3/examples/test_conversation_gemini.json');
const CLAUDE = path.join(FIXTURES_DIR, 'claude-code/FSM1__cipher-box/entire_checkpoints_v1/2e/fe8efde590/0/full.jsonl');
const PROMPT = 'do i add it to actions secrets?';

describe('dejavu import of UTF-16 files and a prompt with a NUL byte', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-encoding-cli-'));
  const env = { DEJAVU_HOME: path.join(work, 'archive') };
  const damaged = path.join(work, 'damaged');
  let imported: ReturnType<typeof dejavu>;

  beforeAll(() => {
    mkdirSync(damaged);
    writeFileSync(path.join(damaged, 'rollout-2026-04-24T18-49-00-utf16le.jsonl'), utf16(readFileSync(CODEX, 'utf8'), 'le'));
    writeFileSync(path.join(damaged, 'session-utf16be.json'), utf16(readFileSync(GEMINI, 'utf8'), 'be'));
    writeFileSync(path.join(damaged, 'claude-nul.jsonl'), readFileSync(CLAUDE, 'utf8').replace(PROMPT, PROMPT.replace(' to ', '\u0000 to ')));
    imported = dejavu(['import', damaged], env);
  });

  it('imports all three, each with the messages of its original', () => {
    expect([imported.code, imported.stderr]).toEqual([0, '']);
    const listed = dejavuJson<{ agent: string; messageCount: number; parentId?: string }[]>(['list'], env).filter((c) => !c.parentId);
    expect(listed.map((c) => c.agent).sort()).toEqual(['claude-code', 'codex', 'gemini-cli']);
    const reference = { DEJAVU_HOME: path.join(work, 'reference') };
    expect(dejavu(['import', CODEX, GEMINI, CLAUDE], reference).code).toBe(0);
    const expected = dejavuJson<{ agent: string; messageCount: number; parentId?: string }[]>(['list'], reference).filter((c) => !c.parentId);
    expect(listed.map((c) => [c.agent, c.messageCount]).sort()).toEqual(expected.map((c) => [c.agent, c.messageCount]).sort());
  });

  it('says which files were UTF-16', () => {
    const warnings = dejavuJson<{ id: string; agent: string }[]>(['list'], env).flatMap((c) => {
      const out = path.join(work, `${c.id}.json`);
      dejavu(['export', c.id, '--format', 'json', '-o', out], env);
      return (JSON.parse(readFileSync(out, 'utf8')) as Conversation).warnings.map((w) => `${c.agent}: ${w.message}`);
    });
    expect(warnings).toContain('codex: File is UTF-16LE (with a byte-order mark), not UTF-8; read as UTF-16LE');
    expect(warnings).toContain('gemini-cli: File is UTF-16BE (with a byte-order mark), not UTF-8; read as UTF-16BE');
    expect(warnings).toContain('claude-code: Raw control character(s) U+0000 inside a JSON string, which JSON does not allow; read as escapes');
  });

  it('finds the prompt with the NUL byte in it', () => {
    const hits = dejavuJson<{ conversation: { agent: string } }[]>(['search', 'actions secrets'], env);
    expect(hits.map((h) => h.conversation.agent)).toContain('claude-code');
  });
});
