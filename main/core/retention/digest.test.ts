import { describe, expect, it } from 'vitest';
import type { AgentId } from '../../../shared/agents';
import type { Conversation, Message } from '../../../shared/record';
import { readProvenance } from '../../../test/provenance';
import { fileParseContext } from '../capture/parse-context';
import { providerFor } from '../providers/registry';
import { dropBulk, threadFromDigest } from './degrade';
import { buildDigest, DIGEST_VERSION, outcomeOf, textOf } from './digest';
import { keepsPrompts } from './step';

async function fixtureConversations(): Promise<Conversation[]> {
  const out: Conversation[] = [];
  for (const f of readProvenance()) {
    const provider = providerFor(f.agentSection as AgentId);
    if (provider) out.push(...(await provider.parse(fileParseContext(f.absPath))));
  }
  return out;
}

describe('digests of the real fixtures', () => {
  it('keep every typed prompt, count tool calls by name, and rebuild a thread with every prompt', async () => {
    const all = await fixtureConversations();
    expect(all.length).toBeGreaterThan(29);
    for (const c of all) {
      const d = buildDigest(c);
      expect(d.version).toBe(DIGEST_VERSION);
      const users = c.messages.filter((m) => m.role === 'user');
      expect(d.prompts.map((p) => [p.id, textOf(p.parts)])).toEqual(users.map((m) => [m.id, textOf(m.parts)]));
      const calls = c.messages.flatMap((m) => m.parts.filter((p) => p.type === 'tool_call'));
      expect(d.counts.toolCalls).toBe(calls.length);
      expect(Object.values(d.counts.toolCallsByName).reduce((a, b) => a + b, 0)).toBe(calls.length);
      expect(['success', 'fail', 'abandoned', 'unknown']).toContain(d.outcome);
      const thread = threadFromDigest(d, (hash) => {
        throw new Error(`no prompt of a fixture is kept in the store (${hash})`);
      });
      expect(keepsPrompts(c, thread), c.id).toBe(true);
      expect(keepsPrompts(c, dropBulk(c)), c.id).toBe(true);
      expect(dropBulk(c).messages.some((m) => m.native !== undefined)).toBe(false);
    }
    // The real sessions show the heuristics at work.
    const outcomes = new Set(all.map((c) => buildDigest(c).outcome));
    expect(outcomes.has('success')).toBe(true);
    expect(all.some((c) => buildDigest(c).filesTouched.length > 0)).toBe(true);
  });
});

describe('tool calls by name', () => {
  it('counts tools and kinds named as properties every object has', () => {
    const call = (name: string): Message => ({ id: name + Math.random(), role: 'assistant', parts: [{ type: 'tool_call', id: name, name, arguments: '{}' }] });
    const names = ['constructor', '__proto__', 'toString', 'toString', 'hasOwnProperty', 'Read'];
    const c: Conversation = { id: 'x', agent: 'claude-code', nativeId: 'x', models: [], messages: names.map(call), sources: [] } as unknown as Conversation;
    const digest = buildDigest(c);
    expect(Object.entries(digest.counts.toolCallsByName).sort()).toEqual([['Read', 1], ['__proto__', 1], ['constructor', 1], ['hasOwnProperty', 1], ['toString', 2]]);
    const kinds = buildDigest({ ...c, messages: [...c.messages, ...['constructor', '__proto__', 'valueOf'].map((kind) => ({ id: kind, role: 'system' as const, kind, parts: [] }))] }).kindCounts;
    expect(Object.entries(kinds ?? {}).sort()).toEqual([['__proto__', 1], ['assistant', 6], ['constructor', 1], ['valueOf', 1]]);
  });
});

describe('the outcome heuristic', () => {
  const m = (role: Message['role'], text: string, kind?: string): Message => ({ id: `${role}${text}`, role, kind, parts: [{ type: 'text', content: text }] });
  it('reads the end of the last turn', () => {
    expect(outcomeOf([m('assistant', 'hi')])).toBe('unknown');
    expect(outcomeOf([m('user', 'do it'), m('assistant', 'done')])).toBe('success');
    expect(outcomeOf([m('user', 'do it')])).toBe('abandoned');
    expect(outcomeOf([m('user', 'do it'), m('assistant', 'working'), m('system', 'stop', 'interrupt')])).toBe('abandoned');
    expect(outcomeOf([m('user', 'do it'), m('assistant', 'working'), m('system', 'overloaded', 'api-error')])).toBe('fail');
  });
});
