import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../shared/record';
import { mergeConversation } from './merge';

function message(id: string, text: string, at: string): Message {
  return { id, role: 'user', timestamp: at, parts: [{ type: 'text', content: text }] };
}

function part(path: string, messages: Message[], link: Partial<Conversation> = {}): Conversation {
  return { id: 'hermes:s1', agent: 'hermes', nativeId: 's1', workspace: 'w', instance: 'host', models: [], sourcePath: path, sources: [path], warnings: [], messages, ...link };
}

const OPTIONS = { preserve: false, how: 'shrank', degraded: false, now: '2026-11-23T00:00:00.000Z' } as const;

describe('mergeConversation of a conversation spread over several files', () => {
  it('keeps the link to its parent, relation included, when the newer file does not repeat it', () => {
    const first = part('/h/a.jsonl', [message('m1', 'first', '2026-01-01T00:00:00Z')], { parentId: 'hermes:s0', relation: 'continuation' });
    const second = part('/h/b.jsonl', [message('m2', 'second', '2026-01-02T00:00:00Z')]);
    const { conversation } = mergeConversation(first, second, '/h/b.jsonl', OPTIONS);
    expect(conversation.messages.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(conversation.parentId).toBe('hermes:s0');
    expect(conversation.relation).toBe('continuation');
  });

  it('takes the newer file’s link, with its own relation, when it gives one', () => {
    const first = part('/h/a.jsonl', [message('m1', 'first', '2026-01-01T00:00:00Z')], { parentId: 'hermes:s0', relation: 'continuation' });
    const second = part('/h/b.jsonl', [message('m2', 'second', '2026-01-02T00:00:00Z')], { parentId: 'hermes:s9' });
    const { conversation } = mergeConversation(first, second, '/h/b.jsonl', OPTIONS);
    expect(conversation.parentId).toBe('hermes:s9');
    expect(conversation.relation).toBeUndefined();
  });
});
