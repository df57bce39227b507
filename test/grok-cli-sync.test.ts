/**
 * A Grok CLI home through the real `dejavu sync`: a session that has both logs is archived once,
 * from `updates.jsonl` (grok's authoritative, timestamped log), and an older session that has
 * only `chat_history.jsonl` is still archived. Records after xai-org/grok-build 19d42e3.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';

interface Listed {
  id: string;
  sourcePath: string;
}

describe('Grok CLI sessions through sync', () => {
  it('reads updates.jsonl where a session has it, chat_history.jsonl where it has not, never both', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-grok-sync-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const env = { HOME: path.join(work, 'home'), DEJAVU_HOME: path.join(work, 'archive') };
    const project = path.join(env.HOME, '.grok', 'sessions', encodeURIComponent('/home/me/shop'));
    const current = path.join(project, '019f179d-0888-76b1-9325-5a91ace595df');
    const older = path.join(project, '019e0000-0000-7000-8000-000000000001');
    mkdirSync(current, { recursive: true });
    mkdirSync(older, { recursive: true });
    const envelope = (timestamp: number, update: object) => JSON.stringify({ timestamp, method: 'session/update', params: { sessionId: path.basename(current), update } });
    writeFileSync(
      path.join(current, 'updates.jsonl'),
      [
        envelope(1782800000, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'fix the total' }, _meta: { promptIndex: 0 } }),
        envelope(1782800005, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Fixed.' } }),
      ].join('\n') + '\n',
    );
    // The derived model context, as grok keeps it beside the log: the same turn, no times.
    writeFileSync(path.join(current, 'chat_history.jsonl'), [{ type: 'user', content: [{ type: 'text', text: 'fix the total' }] }, { type: 'assistant', content: 'Fixed.' }].map((i) => JSON.stringify(i)).join('\n') + '\n');
    writeFileSync(path.join(older, 'chat_history.jsonl'), `${JSON.stringify({ type: 'user', content: [{ type: 'text', text: 'an older question' }] })}\n`);

    const r = dejavu(['sync', '--no-evict'], env);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('2 file(s) found');
    const listed = dejavuJson<Listed[]>(['list'], env);
    expect(listed.map((c) => path.relative(project, c.sourcePath)).sort()).toEqual([`${path.basename(current)}/updates.jsonl`, `${path.basename(older)}/chat_history.jsonl`].sort());
    const c = dejavuJson<Conversation>(['show', `grok-cli_${path.basename(current)}`], env);
    expect(c.messages.map((m) => [m.role, m.timestamp])).toEqual([
      ['user', new Date(1782800000 * 1000).toISOString()],
      ['assistant', new Date(1782800005 * 1000).toISOString()],
    ]);
  });
});
