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

describe('a Grok session archived from chat_history.jsonl, then read from updates.jsonl after an upgrade', () => {
  it('shows each turn once and keeps the turns only the older log had', () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-grok-upgrade-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const env = { HOME: path.join(work, 'home'), DEJAVU_HOME: path.join(work, 'archive') };
    const id = '019f2000-0000-7000-8000-0000000000aa';
    const session = path.join(env.HOME, '.grok', 'sessions', encodeURIComponent('/home/me/shop'), id);
    mkdirSync(session, { recursive: true });
    const items = (list: object[]) => list.map((i) => JSON.stringify(i)).join('\n') + '\n';
    // Older grok: the model context only. One turn with a tool call, then a second question.
    const before = [
      { type: 'user', content: [{ type: 'text', text: 'why is the total wrong' }] },
      { type: 'assistant', content: 'Reading the cart.', tool_calls: [{ id: 'call_1', name: 'read_file', arguments: '{"path":"cart.ts"}' }] },
      { type: 'tool_result', tool_call_id: 'call_1', content: 'export const total = 1;' },
      { type: 'assistant', content: 'The total is hard-coded.' },
      { type: 'user', content: [{ type: 'text', text: 'only in the old log' }] },
      { type: 'assistant', content: 'Noted.' },
    ];
    writeFileSync(path.join(session, 'chat_history.jsonl'), items(before));
    expect(dejavu(['sync', '--no-evict'], env).stderr).toBe('');

    // After the upgrade grok logs the resumed session's updates: the first turn again (as grok
    // replays it), then a new one; it rewrites chat_history.jsonl with a preamble on top.
    const envelope = (timestamp: number, update: object) => JSON.stringify({ timestamp, method: 'session/update', params: { sessionId: id, update } });
    writeFileSync(
      path.join(session, 'updates.jsonl'),
      [
        envelope(1782799999, { sessionUpdate: 'available_commands_update', availableCommands: [] }),
        envelope(1782799999, { sessionUpdate: 'current_mode_update', currentModeId: 'default' }),
        envelope(1782800000, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'why is the total wrong' }, _meta: { promptIndex: 0 } }),
        envelope(1782800001, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Look at cart.ts first.' } }),
        envelope(1782800002, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Reading the cart.' } }),
        envelope(1782800003, { sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'read_file', rawInput: { path: 'cart.ts' }, status: 'pending' }),
        envelope(1782800004, { sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed', content: [{ type: 'content', content: { type: 'text', text: 'export const total = 1;' } }] }),
        envelope(1782800005, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'The total is hard-coded.' } }),
        envelope(1782900000, { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: 'now fix it' }, _meta: { promptIndex: 1 } }),
        envelope(1782900001, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'Fixed: total sums the lines.' } }),
      ].join('\n') + '\n',
    );
    writeFileSync(
      path.join(session, 'chat_history.jsonl'),
      items([{ type: 'user', content: [{ type: 'text', text: '<user_info>os: linux</user_info>' }] }, ...before, { type: 'user', content: [{ type: 'text', text: 'now fix it' }] }, { type: 'assistant', content: 'Fixed: total sums the lines.' }]),
    );
    expect(dejavu(['sync', '--no-evict'], env).stderr).toBe('');

    const c = dejavuJson<Conversation>(['show', `grok-cli_${id}`], env);
    const texts = c.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'text' ? [`${m.role}: ${p.content}`] : p.type === 'tool_call_response' ? [`tool: ${p.response}`] : [])));
    const once = (t: string) => expect(texts.filter((x) => x === t), t).toHaveLength(1);
    once('user: why is the total wrong');
    once('assistant: Reading the cart.');
    once('tool: export const total = 1;');
    once('assistant: The total is hard-coded.');
    once('user: only in the old log');
    once('assistant: Noted.');
    once('user: now fix it');
    once('assistant: Fixed: total sums the lines.');
    expect(texts.indexOf('user: why is the total wrong')).toBeLessThan(texts.indexOf('user: now fix it'));
  });
});
