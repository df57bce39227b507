/**
 * Two real Codex sessions whose ids are long (96 characters) and share their first 94: each is
 * archived in its own blob file, and `dejavu show` of each returns its own record. (Before,
 * blob names were cut to 100 bytes, so the second overwrote the first.)
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

const FIXTURE = path.join(FIXTURES_DIR, 'codex/Mai0313__VibeCodingTracker/blob_dcbbb0da2e/examples/test_conversation_oai.jsonl');
const NATIVE_ID = '01996135-afde-7911-97f0-d863511eca56';
const PROMPT = '幫我檢查一下 go.mod';

describe('sessions with long ids that share their first 100 bytes', () => {
  it('are archived apart and each shows its own content', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-long-ids-'));
    const text = readFileSync(FIXTURE, 'utf8');
    const stem = `${NATIVE_ID}.`.padEnd(94, 'x');
    const sessions = ['aa', 'bb'].map((tail) => {
      const nativeId = `${stem}${tail}`;
      const file = path.join(work, 'sessions', tail, 'rollout.jsonl');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text.replace(`"id":"${NATIVE_ID}"`, `"id":"${nativeId}"`).replaceAll(PROMPT, `${PROMPT} (${tail})`));
      return { nativeId, file, tail };
    });
    expect(sessions[0].nativeId).toHaveLength(96);
    const env = { DEJAVU_HOME: path.join(work, 'archive') };
    for (const s of sessions) {
      const r = dejavu(['import', s.file], env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }

    const listed = dejavuJson<{ id: string; nativeId: string }[]>(['list'], env);
    expect(listed.map((c) => c.nativeId).sort()).toEqual(sessions.map((s) => s.nativeId));
    for (const s of sessions) {
      const id = listed.find((c) => c.nativeId === s.nativeId)!.id;
      const shown = dejavuJson<Conversation>(['show', id], env);
      expect(shown.id).toBe(id);
      expect(shown.nativeId).toBe(s.nativeId);
      const prompts = shown.messages.filter((m) => m.role === 'user').flatMap((m) => m.parts.map((p) => (p.type === 'text' ? p.content : '')));
      expect(prompts.some((p) => p.includes(`${PROMPT} (${s.tail})`)), s.tail).toBe(true);
    }
  });
});
