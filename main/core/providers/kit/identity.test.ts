/** Ids a conversation gets in the instance it was read in: the host's unchanged, a container's its own. */
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../../shared/record';
import { conversationId, hostIdOf, idInInstance, inInstance, instanceOfId, subConversationId } from './identity';

const conversation = (id: string, parentId?: string): Conversation => ({ id, parentId, agent: 'claude-code', nativeId: id, workspace: 'w', instance: 'x', models: [], sourcePath: '/f', sources: ['/f'], warnings: [], messages: [] });

describe('ids per instance', () => {
  const main = conversationId('claude-code', 'abc-123');
  const sub = subConversationId('claude-code', 'abc-123', 'agent-7');

  it('keeps the host’s ids as they always were', () => {
    expect(idInInstance(main, 'host')).toBe('claude-code_abc-123');
    expect(inInstance([conversation(main), conversation(sub, main)], 'host').map((c) => [c.id, c.parentId])).toEqual([[main, undefined], [sub, main]]);
  });

  it('puts a container’s name in its ids, parent links included, once', () => {
    const [a, b] = inInstance([conversation(main), conversation(sub, main)], 'jackin-proj-1');
    expect(a.id).toBe('claude-code__jackin-proj-1_abc-123');
    expect(b.parentId).toBe(a.id);
    expect(idInInstance(a.id, 'jackin-proj-1')).toBe(a.id);
    expect(instanceOfId(a.id)).toBe('jackin-proj-1');
    expect(instanceOfId(main)).toBeUndefined();
    expect(hostIdOf(a.id)).toBe(main);
    expect(hostIdOf(main)).toBe(main);
  });

  it('never gives two instances, or an instance and the host, the same id', () => {
    // A host session whose native id looks like an instance's id is still a host id.
    const lookalike = conversationId('claude-code', 'jackin-proj-1_abc-123');
    const ids = [main, lookalike, idInInstance(main, 'jackin-proj-1'), idInInstance(main, 'jackin-proj-2'), idInInstance(main, 'odd_name'), idInInstance(main, 'odd name'), idInInstance(main, 'odd-name')];
    expect(new Set(ids).size).toBe(ids.length);
    // A name that cannot stand in an id as it is stands as a digest: still a file-safe id.
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
  });
});
