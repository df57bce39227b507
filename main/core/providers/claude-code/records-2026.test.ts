/**
 * The session-level record types of Claude Code 2.1.2xx, as the README's sources show them
 * written (`{"type":"pr-link","prNumber":…,"prUrl":…,"prRepository":…}`, `{"type":"mode","mode":"normal"}`,
 * …): understood, not tallied as unknown. None is in the real fixtures, so the lines are written here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeCodeProvider } from './index';
import { providerUnderTest } from '../../../../test/provider-kit';

const { tmp, parseAll } = providerUnderTest(claudeCodeProvider);
const SID = '8880af0b-72c6-409c-81d1-74a4be75b2c8';

function session(records: object[]): string {
  const file = path.join(tmp, `${records.length}-${Math.random().toString(36).slice(2)}`, `${SID}.jsonl`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

const envelope = { isSidechain: false, userType: 'external', cwd: '/work/app', sessionId: SID, version: '2.1.250', gitBranch: 'main' };
const prompt = { ...envelope, parentUuid: null, uuid: 'u1', type: 'user', timestamp: '2026-09-14T19:50:00.000Z', message: { role: 'user', content: 'open a PR for the fix' } };
const answer = {
  ...envelope,
  parentUuid: 'u1',
  uuid: 'a1',
  type: 'assistant',
  timestamp: '2026-09-14T19:58:00.000Z',
  message: { id: 'msg_1', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Opened #142.' }] },
};
const pr = { type: 'pr-link', sessionId: SID, prNumber: 142, prUrl: 'https://github.com/acme/widgets/pull/142', prRepository: 'acme/widgets', timestamp: '2026-09-14T19:58:28.742Z' };

describe('claude-code 2.1.2xx session records', () => {
  it('titles by the custom title over the AI one, notes the PR once and each mode change, and warns of nothing', async () => {
    const file = session([
      { type: 'mode', mode: 'normal', sessionId: SID },
      { type: 'permission-mode', permissionMode: 'default', sessionId: SID },
      { type: 'last-prompt', lastPrompt: null, leafUuid: 'u0', sessionId: SID },
      { type: 'bridge-session', sessionId: SID, bridgeSessionId: 'cse_015tb2nHhHNrBuL7ZDhn9Wx5' },
      prompt,
      { type: 'ai-title', aiTitle: 'Fix the retry loop', sessionId: SID },
      { type: 'custom-title', customTitle: 'Retry fix', sessionId: SID },
      { type: 'agent-name', agentName: 'Retry fix', sessionId: SID },
      { type: 'ai-title', aiTitle: 'Fix the retry loop and open a PR', sessionId: SID },
      answer,
      pr,
      { ...pr, timestamp: '2026-09-15T08:00:00.000Z' }, // re-written on resume
      { type: 'mode', mode: 'normal', sessionId: SID },
      { type: 'permission-mode', permissionMode: 'acceptEdits', sessionId: SID },
      { type: 'mode', mode: 'plan', sessionId: SID },
      { type: 'file-history-delta', sessionId: SID, messageId: 'a1' },
      { type: 'worktree-state', sessionId: SID },
      { type: 'cost-state', sessionId: SID, modelUsage: {} },
    ]);
    const [main] = await parseAll(file);
    expect(main.warnings).toEqual([]);
    expect(main.title).toBe('Retry fix');
    const notes = main.messages.filter((m) => m.role === 'system').map((m) => [m.kind, m.parts[0].type === 'text' ? m.parts[0].content : m.parts[0].type]);
    expect(notes).toEqual([
      ['mode', 'Mode: normal'],
      ['permission-mode', 'Permission mode: default'],
      ['bridge-session', 'Remote Control session cse_015tb2nHhHNrBuL7ZDhn9Wx5'],
      ['pr-link', 'Pull request acme/widgets #142: https://github.com/acme/widgets/pull/142'],
      ['permission-mode', 'Permission mode: acceptEdits'],
      ['mode', 'Mode: plan'],
    ]);
    expect(main.messages.filter((m) => m.role === 'user').length).toBe(1);
    expect(main.messages.find((m) => m.kind === 'pr-link')?.timestamp).toBe('2026-09-14T19:58:28.742Z');
  });

  it('takes the AI title when there is no custom one, and ignores an empty one', async () => {
    const [main] = await parseAll(session([prompt, { type: 'ai-title', aiTitle: 'Open a PR for the fix', sessionId: SID }, { type: 'custom-title', customTitle: '  ', sessionId: SID }, answer]));
    expect(main.title).toBe('Open a PR for the fix');
  });

  it('keeps a lineage record no source describes as it is, without a warning', async () => {
    const teleported = { type: 'teleported-from', remoteSessionId: 'session_01abc', branch: 'main', messageCount: 0 };
    const [main] = await parseAll(session([teleported, prompt, answer]));
    expect(main.warnings).toEqual([]);
    expect(main.messages[0]).toMatchObject({ role: 'system', kind: 'teleported-from', parts: [{ type: 'generic', kind: 'teleported-from', content: JSON.stringify(teleported) }] });
  });
});
