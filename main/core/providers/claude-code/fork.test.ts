/**
 * `--fork-session` files re-write the prior chain, each copied record stamped
 * `forkedFrom: {sessionId, messageUuid}` (README, Sources). The prior chain is counted once: in the
 * parent's conversation when its file is there, in the fork's when it is not. No real fork file is
 * among the fixtures, so the records are written here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { conversationId } from '../kit/identity';
import { claudeCodeProvider } from './index';
import { providerUnderTest } from '../../../../test/provider-kit';

const { tmp, parseAll } = providerUnderTest(claudeCodeProvider);
const PARENT = '70d7e1b2-da80-4b97-a843-46f18537f766';
const FORK = '189a1543-e5c9-4d88-8418-e19240aa1d1e';

function record(sessionId: string, uuid: string, parentUuid: string | null, type: 'user' | 'assistant', text: string, time: string, usage = { input_tokens: 10, output_tokens: 5 }) {
  const envelope = { isSidechain: false, userType: 'external', cwd: '/work/app', sessionId, version: '2.1.250', gitBranch: 'main', uuid, parentUuid, timestamp: time, type };
  const message = type === 'user' ? { role: 'user', content: text } : { id: `msg_${uuid}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text }], usage };
  return { ...envelope, message };
}

const original = [
  record(PARENT, 'p-u1', null, 'user', 'what did I say before', '2026-09-01T10:00:00.000Z'),
  record(PARENT, 'p-a1', 'p-u1', 'assistant', 'You said hi.', '2026-09-01T10:00:02.000Z'),
];

/** The fork: the parent's two records re-written (new uuids, stamped), then one new exchange. */
function forkRecords(copySession: string) {
  const copies = original.map((r, i) => ({ ...r, sessionId: copySession, uuid: `f-c${i}`, parentUuid: i === 0 ? null : 'f-c0', forkedFrom: { sessionId: PARENT, messageUuid: r.uuid } }));
  return [
    ...copies,
    record(FORK, 'f-u2', 'f-c1', 'user', 'now try the other approach', '2026-09-02T09:00:00.000Z'),
    record(FORK, 'f-a2', 'f-u2', 'assistant', 'Trying it.', '2026-09-02T09:00:03.000Z', { input_tokens: 20, output_tokens: 7 }),
  ];
}

function put(dir: string, sessionId: string, records: object[]): string {
  const file = path.join(dir, `${sessionId}.jsonl`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const prompts = (c: Conversation) => c.messages.filter((m) => m.role === 'user').map((m) => (m.parts[0].type === 'text' ? m.parts[0].content : ''));

describe('claude-code --fork-session files', () => {
  it('counts the re-written chain once, in the parent, when the parent’s file is beside the fork', async () => {
    const dir = path.join(tmp, 'both', 'projects', '-work-app');
    const [parent] = await parseAll(put(dir, PARENT, original));
    const [fork] = await parseAll(put(dir, FORK, forkRecords(FORK)));
    expect(fork.id).toBe(conversationId('claude-code', FORK));
    expect(prompts(parent)).toEqual(['what did I say before']);
    expect(prompts(fork)).toEqual(['now try the other approach']);
    expect(fork.messages[0]).toMatchObject({ role: 'system', kind: 'fork' });
    expect(fork.messages[0].parts[0]).toEqual({ type: 'text', content: `Forked from session ${PARENT}: its 2 earlier messages are in that session's conversation.` });
    expect(fork.messages.find((m) => m.id === 'f-u2')?.parentId).toBeUndefined();
    expect(fork.usage).toEqual({ inputTokens: 20, outputTokens: 7 });
    expect(fork.startedAt).toBe('2026-09-02T09:00:00.000Z');
    expect(fork.warnings).toEqual([]);
  });

  it('keeps the re-written chain in the fork when the parent’s file is gone, so no typed prompt is lost', async () => {
    const dir = path.join(tmp, 'alone', 'projects', '-work-app');
    const [fork] = await parseAll(put(dir, FORK, forkRecords(FORK)));
    expect(prompts(fork)).toEqual(['what did I say before', 'now try the other approach']);
    expect(fork.messages[0].parts[0]).toEqual({ type: 'text', content: `Forked from session ${PARENT}: the 2 messages it re-wrote are kept here: that session's file is not beside this one.` });
    expect(fork.usage).toEqual({ inputTokens: 30, outputTokens: 12 });
  });

  it('names the fork after its own session when the copies kept the parent’s sessionId', async () => {
    const dir = path.join(tmp, 'kept-id', 'projects', '-work-app');
    put(dir, PARENT, original);
    const [fork] = await parseAll(put(dir, FORK, forkRecords(PARENT)));
    expect(fork.id).toBe(conversationId('claude-code', FORK));
    expect(prompts(fork)).toEqual(['now try the other approach']);
  });
});
