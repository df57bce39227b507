/** The text of a conversation as full-text rows: what search can find, and where. */
import type { Conversation } from '../../../shared/record';

export type SearchScope = 'message' | 'tool_call' | 'tool_output';

export interface SearchRow {
  readonly messageIndex: number;
  readonly role: string;
  readonly scope: SearchScope;
  readonly text: string;
}

/**
 * Tool output and arguments can be whole files. Per part, the index keeps the first 32 KiB and
 * the last 4 KiB as written, and of the middle only its identifiers (paths, hashes, ids,
 * snake_case and camelCase names; each once, up to 16 KiB), so an id deep in a long output is
 * still found while a part never costs the index more than ~52 KiB.
 */
const MAX_TOOL_TEXT = 32 * 1024;
const TOOL_TAIL = 4 * 1024;
const MAX_MIDDLE_IDENTIFIERS = 16 * 1024;
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
          rows.push({ messageIndex, role: message.role, scope: 'tool_call', text: `${part.name} ${indexable(part.arguments)}` });
          break;
        case 'tool_call_response':
          if (part.response.trim()) rows.push({ messageIndex, role: message.role, scope: 'tool_output', text: indexable(part.response) });
          break;
        case 'generic':
          if (part.content.trim()) texts.push(indexable(part.content));
          break;
        case 'blob':
          break;
      }
    }
    if (texts.length) rows.push({ messageIndex, role: message.role, scope: 'message', text: texts.join('\n\n') });
  });
  return rows.slice(0, FRAGMENTS_PER_CONVERSATION - 1);
}

/** Word-like runs; of them, identifiers are those with a digit, a separator or an inner capital. */
const TOKEN = /[\p{L}\p{N}_][\p{L}\p{N}_./@#:+-]*[\p{L}\p{N}_]/gu;
const IDENTIFIER = /[\d_./@#:+-]|\p{Ll}\p{Lu}/u;

/** The part of a long text the index keeps (see MAX_TOOL_TEXT). */
export function indexable(text: string): string {
  if (text.length <= MAX_TOOL_TEXT + TOOL_TAIL) return text;
  const head = text.slice(0, MAX_TOOL_TEXT);
  const tail = text.slice(-TOOL_TAIL);
  const seen = new Set<string>();
  let budget = MAX_MIDDLE_IDENTIFIERS;
  for (const m of text.slice(MAX_TOOL_TEXT, text.length - TOOL_TAIL).matchAll(TOKEN)) {
    const token = m[0];
    if (token.length < 6 || seen.has(token) || !IDENTIFIER.test(token)) continue;
    if (token.length + 1 > budget) {
      if (budget < 8) break;
      continue;
    }
    seen.add(token);
    budget -= token.length + 1;
  }
  return `${head}\n…\n${[...seen].join(' ')}\n…\n${tail}`;
}
