/**
 * A Cursor subagent's transcript, `agent-transcripts/<chat id>/subagents/<id>.jsonl` beside its
 * chat's nested transcript (the layout public readers of Cursor's agent transcripts describe; no
 * fixture has one). Its first prompt is the task the chat's agent wrote. The lines here are a
 * fixture's transcript placed in that layout.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { conversationId } from '../kit/identity';
import { providerUnderTest } from '../../../../test/provider-kit';
import { cursorCliProvider } from './index';

const { tmp, rows, parseMain } = providerUnderTest(cursorCliProvider);

describe('cursor-cli provider: a subagent transcript', () => {
  it('is a subagent of its chat, its first prompt the task, found by locate', async () => {
    const chat = '0f0f0f0f-1111-4222-8333-444444444444';
    const sub = '5a5a5a5a-6666-4777-8888-999999999999';
    const transcripts = path.join(tmp, 'home', '.cursor', 'projects', 'Users-me-app', 'agent-transcripts');
    mkdirSync(path.join(transcripts, chat, 'subagents'), { recursive: true });
    const source = rows.find((r) => r.absPath.endsWith('.jsonl'))!.absPath;
    copyFileSync(source, path.join(transcripts, chat, `${chat}.jsonl`));
    const file = path.join(transcripts, chat, 'subagents', `${sub}.jsonl`);
    copyFileSync(source, file);
    expect((await cursorCliProvider.locate(path.join(tmp, 'home'))).map((f) => path.relative(transcripts, f)).sort()).toEqual([`${chat}/${chat}.jsonl`, `${chat}/subagents/${sub}.jsonl`].sort());
    const main = await parseMain(path.join(transcripts, chat, `${chat}.jsonl`));
    const agent = await parseMain(file);
    expect(main.id).toBe(conversationId('cursor-cli', chat));
    // Its own id, as an earlier sync archived it, now linked to its chat.
    expect([agent.id, agent.nativeId, agent.parentId, agent.relation]).toEqual([conversationId('cursor-cli', sub), sub, main.id, 'subagent']);
    const firstOf = (c: typeof main) => c.messages.find((m) => m.role === 'user' || m.kind === 'subagent-task')!;
    expect([firstOf(agent).role, firstOf(agent).kind]).toEqual(['system', 'subagent-task']);
    expect(firstOf(agent).parts).toEqual(firstOf(main).parts);
    // Nobody types into a subagent: a later prompt is its agent's too.
    expect(agent.messages.filter((m) => m.role === 'user')).toEqual([]);
    expect(agent.messages.filter((m) => m.kind === 'subagent-message').length).toBe(main.messages.filter((m) => m.role === 'user').length - 1);
  });
});
