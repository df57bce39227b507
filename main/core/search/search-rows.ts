/** The text of a conversation as full-text rows: what search can find, and where. */
import type { Conversation } from '../../../shared/record';

export type SearchScope = 'message' | 'tool_call' | 'tool_output';

export interface SearchRow {
  readonly messageIndex: number;
  readonly role: string;
  readonly scope: SearchScope;
  readonly text: string;
}

/** Tool output can be whole files; past this much per part it adds size, not findability. */
const MAX_TOOL_TEXT = 32 * 1024;
/** rowid = seq << 24 | fragment: a conversation may have this many fragments. */
export const FRAGMENTS_PER_CONVERSATION = 1 << 24;

export function searchRows(conversation: Conversation): SearchRow[] {
  const rows: SearchRow[] = [];
  conversation.messages.forEach((message, messageIndex) => {
    const texts: string[] = [];
    for (const part of message.parts) {
      switch (part.type) {
        case 'text':
        case 'reasoning':
          if (part.content.trim()) texts.push(part.content);
          break;
        case 'tool_call':
          rows.push({ messageIndex, role: message.role, scope: 'tool_call', text: `${part.name} ${part.arguments.slice(0, MAX_TOOL_TEXT)}` });
          break;
        case 'tool_call_response':
          if (part.response.trim()) rows.push({ messageIndex, role: message.role, scope: 'tool_output', text: part.response.slice(0, MAX_TOOL_TEXT) });
          break;
        case 'generic':
          if (part.content.trim()) texts.push(part.content.slice(0, MAX_TOOL_TEXT));
          break;
        case 'blob':
          break;
      }
    }
    if (texts.length) rows.push({ messageIndex, role: message.role, scope: 'message', text: texts.join('\n\n') });
  });
  return rows.slice(0, FRAGMENTS_PER_CONVERSATION - 1);
}
