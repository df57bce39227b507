/**
 * A conversation made in a test, for code that only needs the record's envelope around its own
 * messages (indexing, search, follow-writes). Not a transcript: the messages are the test's.
 */
import type { Conversation, Message } from '../shared/record';

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
