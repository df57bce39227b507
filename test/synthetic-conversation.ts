/**
 * Conversations made in a test, for code that only needs the record's envelope around its own
 * messages (indexing, search, follow-writes) or its links (relations). Not transcripts: the
 * messages are the test's.
 */
import type { Conversation, ConversationRelation, Message } from '../shared/record';

export function syntheticConversation(id: string, messages: Message[], at = '2026-01-01T00:00:00.000Z'): Conversation {
  return {
    id: `codex_${id}`,
    agent: 'codex',
    nativeId: id,
    workspace: 'w',
    instance: 'host',
    startedAt: at,
    endedAt: at,
    models: [],
    sourcePath: `/s/${id}`,
    sources: [`/s/${id}`],
    warnings: [],
    messages,
  };
}

/** A Hermes session of one prompt, linked to `hermes_<parent>` when `link` is given (without a relation: written before relations were). */
export function linkedConversation(nativeId: string, link?: { parent: string; relation?: ConversationRelation }): Conversation {
  const c: Conversation = {
    id: `hermes_${nativeId}`,
    agent: 'hermes',
    nativeId,
    workspace: 'shop',
    instance: 'host',
    title: `Session ${nativeId}`,
    models: [],
    sourcePath: '/home/me/.hermes/state.db',
    sources: ['/home/me/.hermes/state.db'],
    warnings: [],
    messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', content: `prompt of ${nativeId}` }] }],
  };
  if (link) c.parentId = `hermes_${link.parent}`;
  if (link?.relation) c.relation = link.relation;
  return c;
}
