/**
 * What `import` finds, `sync` must find too: subagent transcripts laid out exactly where the
 * agents write them (Kimi's `<session>/context_<name>_<N>.jsonl`, Gemini CLI's
 * `chats/<parent session>/<name>.json`, Kimi Code's `agents/<id>/wire.jsonl`) are archived by a
 * plain sync with HOME pointing at the home, as subagents of their session, with ids unique
 * across sessions.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavu, dejavuJson } from './cli';
import { FIXTURES_DIR } from './fixtures';

interface Listed {
  id: string;
  agent: string;
  parentId?: string;
  sourcePath: string;
}

const KIMI_DIR = path.join(FIXTURES_DIR, 'kimi-cli/MoonshotAI__kimi-cli/outputs/scikit-learn__scikit-learn-26323');
const KIMI_SESSIONS = [
  { dir: path.join(KIMI_DIR, '20251030-164452/00d5060aaec3fda180930ea52304b87b'), sid: '531d195b-6436-426e-b010-4bf723a992de' },
  { dir: path.join(KIMI_DIR, '20251030-165708/sessions/00d5060aaec3fda180930ea52304b87b'), sid: 'd8447fa8-9d8e-41af-9fc6-a12e4a196b6c' },
];
const GEMINI_FIXTURE = path.join(FIXTURES_DIR, 'gemini-cli/Mai0313__VibeCodingTracker/blob_7a866e83a3/examples/test_conversation_gemini.json');

function scratch() {
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-subagents-'));
  const home = path.join(work, 'home');
  return { work, home, env: { HOME: home, DEJAVU_HOME: path.join(work, 'archive') } };
}

function syncOk(env: Record<string, string>): void {
  const r = dejavu(['sync', '--no-evict'], env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}

describe('subagents where the agents write them', () => {
  it('Kimi: context_sub_N.jsonl beside context.jsonl are subagents of their own session', () => {
    const { home, env, work } = scratch();
    const placed: { main: string; sub: string; sid: string }[] = [];
    for (const { dir, sid } of KIMI_SESSIONS) {
      const session = path.join(home, '.kimi', 'sessions', '00d5060aaec3fda180930ea52304b87b', sid);
      mkdirSync(session, { recursive: true });
      copyFileSync(path.join(dir, `${sid}.jsonl`), path.join(session, 'context.jsonl'));
      copyFileSync(path.join(dir, `${sid}_read_1.jsonl`), path.join(session, 'context_sub_1.jsonl'));
      placed.push({ main: path.join(session, 'context.jsonl'), sub: path.join(session, 'context_sub_1.jsonl'), sid });
    }
    syncOk(env);
    const listed = dejavuJson<Listed[]>(['list'], env);
    for (const p of placed) {
      const main = listed.filter((c) => c.sourcePath === p.main);
      const sub = listed.filter((c) => c.sourcePath === p.sub);
      expect(main).toHaveLength(1);
      expect(sub).toHaveLength(1);
      expect(sub[0].parentId).toBe(main[0].id);
      const record = dejavuJson<Conversation>(['show', sub[0].id], env);
      // The task the main agent wrote is not a prompt the person typed.
      expect(record.messages[0].kind).toBe('subagent-task');
      expect(record.messages[0].role).not.toBe('user');
    }
    const subIds = listed.filter((c) => c.parentId).map((c) => c.id);
    expect(new Set(subIds).size).toBe(2);

    // Importing the same files gives the same ids: nothing is filed twice or overwritten.
    const again = { ...env, DEJAVU_HOME: path.join(work, 'imported') };
    expect(dejavu(['import', ...placed.flatMap((p) => [p.main, p.sub])], again).code).toBe(0);
    expect(dejavuJson<Listed[]>(['list'], again).map((c) => c.id).sort()).toEqual(listed.map((c) => c.id).sort());
  });

  it('Gemini CLI: a subagent chat in chats/<parent session>/<name>.json is found by sync, under its parent', () => {
    const { home, env } = scratch();
    const parentChat = JSON.parse(readFileSync(GEMINI_FIXTURE, 'utf8')) as { sessionId: string; messages: { type: string; content: unknown }[] };
    const chats = path.join(home, '.gemini', 'tmp', 'b'.repeat(64), 'chats');
    const parents = [parentChat.sessionId, `${parentChat.sessionId.slice(0, -4)}beef`];
    const subs: string[] = [];
    for (const [i, parentId] of parents.entries()) {
      mkdirSync(path.join(chats, parentId), { recursive: true });
      writeFileSync(path.join(chats, `session-2026-01-0${i + 1}T10-00-${parentId.slice(0, 8)}.json`), JSON.stringify({ ...parentChat, sessionId: parentId }, null, 2));
      // The subagent's chat: the same real turns, recorded as a subagent under its parent, and
      // ending with the runtime's own nudge when it ran out of turns.
      const { sessionId: _omitted, ...rest } = parentChat;
      const nudge = { id: `nudge-${i}`, timestamp: '2026-01-01T10:00:00.000Z', type: 'user', content: 'You have exceeded the maximum number of turns. You have one final chance to complete the task.' };
      const sub = path.join(chats, parentId, 'codebase_investigator.json');
      writeFileSync(sub, JSON.stringify({ ...rest, kind: 'subagent', messages: [...parentChat.messages, nudge] }, null, 2)); // pretty-printed, as the CLI writes it
      subs.push(sub);
    }
    syncOk(env);
    const listed = dejavuJson<Listed[]>(['list'], env);
    const found = subs.map((s) => listed.filter((c) => c.sourcePath === s));
    expect(found.map((f) => f.length)).toEqual([1, 1]);
    expect(found[0][0].id).not.toBe(found[1][0].id);
    for (const [i, [c]] of found.entries()) {
      const parent = listed.find((p) => p.id === c.parentId);
      expect(parent?.sourcePath).toContain(parents[i].slice(0, 8));
      const record = dejavuJson<Conversation>(['show', c.id], env);
      const last = record.messages.at(-1)!;
      expect(last.role).toBe('system');
      expect(last.kind).toBe('turn-limit');
    }
  });

  it('Kimi Code: agents/<id>/wire.jsonl journals are replayed, the prompt once, subagents under their session', () => {
    const { home, env } = scratch();
    // The v1 engine's journal (packages/agent-core, wire protocol 1.1): config.update carries
    // the cwd; turn.prompt is followed by the same prompt as a context message.
    const t = 1779256791085;
    const line = (o: object, i: number) => JSON.stringify({ ...o, time: t + i });
    const journal = (task: string, answer: string) =>
      [
        JSON.stringify({ type: 'metadata', protocol_version: '1.1', created_at: t }),
        line({ type: 'config.update', cwd: '/home/me/shop', profileName: 'agent', systemPrompt: 'You are Kimi.' }, 1),
        line({ type: 'turn.prompt', input: [{ type: 'text', text: task }], origin: { kind: 'user' } }, 2),
        line({ type: 'context.append_message', message: { role: 'user', content: [{ type: 'text', text: task }], toolCalls: [] } }, 3),
        line({ type: 'context.append_loop_event', event: { type: 'step.begin', uuid: 's1', turnId: 't1', step: 0 } }, 4),
        line({ type: 'context.append_loop_event', event: { type: 'content.part', uuid: 'c1', turnId: 't1', step: 0, stepUuid: 's1', part: { type: 'text', text: answer } } }, 5),
        line({ type: 'context.append_loop_event', event: { type: 'step.end', uuid: 's1', turnId: 't1', step: 0, usage: { inputOther: 10, output: 5, inputCacheRead: 0, inputCacheCreation: 0 }, finishReason: 'end_turn' } }, 6),
        line({ type: 'usage.record', model: 'kimi-k2', usage: { inputOther: 10, output: 5, inputCacheRead: 0, inputCacheCreation: 0 }, usageScope: 'turn' }, 7),
      ].join('\n') + '\n';
    const sessions = ['sess-a', 'sess-b'];
    for (const sid of sessions) {
      const dir = path.join(home, '.kimi-code', 'sessions', 'wd_shop_1a2b', sid);
      mkdirSync(path.join(dir, 'agents', 'main'), { recursive: true });
      mkdirSync(path.join(dir, 'agents', 'agent-0'), { recursive: true });
      writeFileSync(path.join(dir, 'state.json'), JSON.stringify({ createdAt: new Date(t).toISOString(), title: `checkout ${sid}`, agents: { main: { type: 'main', parentAgentId: null }, 'agent-0': { type: 'sub', parentAgentId: 'main' } } }));
      writeFileSync(path.join(dir, 'agents', 'main', 'wire.jsonl'), journal('fix the checkout total', 'Fixed.'));
      writeFileSync(path.join(dir, 'agents', 'agent-0', 'wire.jsonl'), journal('find where totals are computed', 'In cart.ts.'));
    }
    syncOk(env);
    const listed = dejavuJson<Listed[]>(['list'], env);
    expect(listed).toHaveLength(4);
    const subs = listed.filter((c) => c.parentId);
    expect(subs).toHaveLength(2);
    expect(new Set(subs.map((c) => c.id)).size).toBe(2);
    for (const sub of subs) {
      const parent = listed.find((c) => c.id === sub.parentId)!;
      expect(path.dirname(path.dirname(path.dirname(sub.sourcePath)))).toBe(path.dirname(path.dirname(path.dirname(parent.sourcePath))));
      const record = dejavuJson<Conversation>(['show', sub.id], env);
      expect(record.messages.map((m) => [m.role, m.kind])).toEqual([['system', 'subagent-task'], ['assistant', undefined]]);
    }
    for (const main of listed.filter((c) => !c.parentId)) {
      const record = dejavuJson<Conversation>(['show', main.id], env);
      expect(record.messages.filter((m) => m.role === 'user').map((m) => m.parts)).toEqual([[{ type: 'text', content: 'fix the checkout total' }]]);
      expect(record.cwd).toBe('/home/me/shop');
      expect(record.workspace).toBe('shop');
    }
  });
});
