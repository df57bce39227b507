/**
 * Qwen Code's `/branch` copies the session's records into a new session file, each copy under the
 * new sessionId and carrying `forkedFrom: {sessionId, messageUuid}` (ChatRecord.forkedFrom in
 * packages/core/src/services/chatRecordingService.ts); no real transcript exists (PROVENANCE.md).
 * The copies are the parent's turns: shown once, in the parent's conversation, while its file is there.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileParseContext } from '../../capture/parse-context';
import { providerUnderTest, textOf, writeFileIn } from '../../../../test/provider-kit';
import { qwenCodeProvider } from './index';

const { tmp } = providerUnderTest(qwenCodeProvider);
const PARENT = '4c1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const FORK = '8f7e6d5c-4b3a-4291-8e7f-6a5b4c3d2e1f';
let n = 0;

function rec(session: string, type: string, uuid: string, parent: string | null, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  n += 1;
  const role = type === 'user' ? 'user' : 'model';
  return { uuid, parentUuid: parent, sessionId: session, timestamp: new Date(Date.parse('2026-10-21T08:00:00.000Z') + n * 1000).toISOString(), type, cwd: '/home/me/app', version: '0.24.7', message: { role, parts: [{ text }] }, ...extra };
}

const parentRecords = [
  rec(PARENT, 'user', 'p-u1', null, 'add a login form'),
  rec(PARENT, 'assistant', 'p-a1', 'p-u1', 'Added LoginForm.tsx.'),
];
/** The branch: the parent's records copied (new sessionId, a pointer back), then its own turn. */
const forkRecords = [
  ...parentRecords.map((r) => ({ ...r, sessionId: FORK, forkedFrom: { sessionId: PARENT, messageUuid: r.uuid } })),
  rec(FORK, 'user', 'f-u2', 'p-a1', 'now try it with a modal instead'),
  rec(FORK, 'assistant', 'f-a2', 'f-u2', 'Moved it into LoginModal.tsx.'),
];

function write(dir: string, session: string, records: Record<string, unknown>[]): string {
  return writeFileIn(path.join(tmp, dir, '.qwen', 'projects', '-home-me-app', 'chats', `${session}.jsonl`), records.map((r) => JSON.stringify(r)).join('\n') + '\n');
}

describe('qwen-code provider: /branch', () => {
  it('leaves the copied turns to the parent’s conversation while its file is beside the branch', async () => {
    write('beside', PARENT, parentRecords);
    const [branch] = await qwenCodeProvider.parse(fileParseContext(write('beside', FORK, forkRecords)));
    expect(branch.nativeId).toBe(FORK);
    expect(branch.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['now try it with a modal instead']);
    expect(branch.messages[0]).toMatchObject({ role: 'system', kind: 'fork' });
    expect(textOf(branch.messages[0])).toContain(PARENT);
    expect(branch.title).toBe('now try it with a modal instead');
  });

  it('keeps them, said so, when the parent’s file is gone', async () => {
    const parentFile = write('alone', PARENT, parentRecords);
    rmSync(parentFile);
    const [branch] = await qwenCodeProvider.parse(fileParseContext(write('alone', FORK, forkRecords)));
    expect(branch.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['add a login form', 'now try it with a modal instead']);
    expect(branch.messages[0]).toMatchObject({ role: 'system', kind: 'fork' });
  });

  it('is named by its own records when the copies kept the parent’s sessionId', async () => {
    write('kept-id', PARENT, parentRecords);
    const copies = forkRecords.map((r) => (r.forkedFrom ? { ...r, sessionId: PARENT } : r));
    const [branch] = await qwenCodeProvider.parse(fileParseContext(write('kept-id', FORK, copies)));
    expect(branch.nativeId).toBe(FORK);
    expect(branch.messages.filter((m) => m.role === 'user').map(textOf)).toEqual(['now try it with a modal instead']);
  });
});
