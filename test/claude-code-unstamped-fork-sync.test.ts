/**
 * A session file that re-writes an earlier session's records without a `forkedFrom` stamp (Claude
 * Code before the stamp: `--resume` / `--fork-session` wrote a new file starting with the earlier
 * records, each keeping its `uuid`, `parentUuid` and the earlier `sessionId`, as the real 1.0.95
 * transcript in the fixtures, Mai0313__VibeCodingTracker, shows; `--fork-session` in 2.1.222–
 * 2.1.246 copies the origin's transcript byte for byte, langfuse/claude-observability-plugin#81).
 * Through the real `dejavu sync`
 * with both files in the project folder, every prompt shows once: the copies name the earlier
 * session, so both files feed its conversation, and their uuids are its message ids.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';

const EARLIER = '70d7e1b2-da80-4b97-a843-46f18537f766';
const LATER = '189a1543-e5c9-4d88-8418-e19240aa1d1e';

function record(sessionId: string, uuid: string, parentUuid: string | null, type: 'user' | 'assistant', text: string, timestamp: string) {
  const message = type === 'user' ? { role: 'user', content: text } : { id: `msg_${uuid}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', content: [{ type: 'text', text }], usage: { input_tokens: 10, output_tokens: 5 } };
  return { parentUuid, isSidechain: false, userType: 'external', cwd: '/work/app', sessionId, version: '1.0.95', gitBranch: 'main', type, message, uuid, timestamp };
}

describe('claude-code: a re-written earlier session without forkedFrom', () => {
  it('shows each prompt once when both files are synced', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-cc-unstamped-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const env = { HOME: path.join(work, 'home'), DEJAVU_HOME: path.join(work, 'archive'), CLAUDE_CONFIG_DIR: '' };
    const dir = path.join(env.HOME, '.claude', 'projects', '-work-app');
    mkdirSync(dir, { recursive: true });
    const earlier = [
      record(EARLIER, 'c1f0a6e2-0001-4000-8000-000000000001', null, 'user', 'what did I say before', '2025-08-28T12:57:08.611Z'),
      record(EARLIER, 'c1f0a6e2-0001-4000-8000-000000000002', 'c1f0a6e2-0001-4000-8000-000000000001', 'assistant', 'You said hi.', '2025-08-28T12:57:13.873Z'),
    ];
    const later = [...earlier, record(LATER, 'c1f0a6e2-0001-4000-8000-000000000003', 'c1f0a6e2-0001-4000-8000-000000000002', 'user', 'now try the other approach', '2025-08-28T13:08:44.666Z')];
    const write = (id: string, records: object[]) => writeFileSync(path.join(dir, `${id}.jsonl`), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    write(EARLIER, earlier);
    write(LATER, later);

    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('2 file(s) found');
    const listed = dejavuJson<{ id: string }[]>(['list'], env);
    expect(listed.map((c) => c.id)).toEqual([`claude-code_${EARLIER}`]);
    const c = dejavuJson<Conversation>(['show', `claude-code_${EARLIER}`], env);
    const prompts = c.messages.filter((m) => m.role === 'user').map((m) => (m.parts[0]?.type === 'text' ? m.parts[0].content : ''));
    expect(prompts).toEqual(['what did I say before', 'now try the other approach']);
    expect(c.messages.filter((m) => m.role === 'assistant')).toHaveLength(1);
  });
});
