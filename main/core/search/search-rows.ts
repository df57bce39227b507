/** The text of a conversation as full-text rows: what search can find, and where. */
import { farText } from '../../../shared/far-strings';
import type { Conversation, Message, Part } from '../../../shared/record';
import { farIndexable } from './far-indexable';
import { ABRIDGED, identifiers } from './identifiers';

export type SearchScope = 'message' | 'tool_call' | 'tool_output';

export interface SearchRow {
  readonly messageIndex: number;
  readonly role: string;
  readonly scope: SearchScope;
  readonly text: string;
  /** A tool call's tool name (its row's text starts with it): what `tool:` compares. */
  readonly tool?: string;
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
/**
 * Tool output (hidden from search unless asked for) is most of a transcript's text, and trigram
 * indexing — the slowest step of a sync — costs per character: of it the index keeps the first
 * 4 KiB and last 1 KiB as written and the identifiers of the rest (up to 8 KiB). That is what
 * people look for in tool output (a path, a hash, an error id); it cut indexing time by a third
 * on the fixtures (`npm run bench`).
 */
const OUTPUT_HEAD = 4 * 1024;
const OUTPUT_TAIL = 1024;
const OUTPUT_IDENTIFIERS = 8 * 1024;
/** A conversation may have this many rows (row-keys.ts: its fragment number is 20 bits of the rowid). */
export const FRAGMENTS_PER_CONVERSATION = 1 << 20;

export function searchRows(conversation: Conversation): SearchRow[] {
  return [...searchRowsOf(conversation)];
}

/**
 * The same rows one message at a time (at most FRAGMENTS_PER_CONVERSATION - 1), so a huge
 * conversation is indexed in pieces, never all its rows at once (indexer.ts).
 */
export function* searchRowsOf(conversation: Conversation): Generator<SearchRow> {
  let count = 0;
  for (const [messageIndex, message] of conversation.messages.entries()) {
    for (const row of messageRows(message, messageIndex)) {
      if (count === FRAGMENTS_PER_CONVERSATION - 1) return;
      count += 1;
      yield row;
    }
  }
}

function messageRows(message: Message, messageIndex: number): SearchRow[] {
  const rows: SearchRow[] = [];
  const texts: string[] = [];
  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
      case 'reasoning':
        if (part.content.trim()) texts.push(indexedText(part));
        break;
      case 'tool_call':
        rows.push({ messageIndex, role: message.role, scope: 'tool_call', tool: part.name, text: `${part.name} ${indexable(part.arguments)}` });
        break;
      case 'tool_call_response':
        if (part.response.trim()) rows.push({ messageIndex, role: message.role, scope: 'tool_output', text: indexedText(part) });
        break;
      case 'generic':
        if (part.content.trim()) texts.push(indexedText(part));
        break;
      case 'blob':
        break;
    }
  }
  if (texts.length) rows.push({ messageIndex, role: message.role, scope: 'message', text: texts.join('\n\n') });
  return rows;
}

/**
 * A prompt's or answer's text is indexed whole up to this many characters; past it (a pasted
 * 100 MB log) as a long tool argument is: head, middle identifiers, tail. A huge line's far text
 * is read so in slices (far-indexable.ts), never whole, and gives the same row.
 */
export const MAX_MESSAGE_TEXT = 1024 * 1024;

/** What the index keeps of a part's text (text and reasoning: all of it up to MAX_MESSAGE_TEXT; blobs: nothing). */
export function indexedText(part: Part): string {
  switch (part.type) {
    case 'text':
    case 'reasoning': {
      const far = farText(part.content);
      if (far) return farIndexable(far, MAX_TOOL_TEXT, TOOL_TAIL, MAX_MIDDLE_IDENTIFIERS, MAX_MESSAGE_TEXT);
      return part.content.length <= MAX_MESSAGE_TEXT ? part.content : indexable(part.content);
    }
    case 'tool_call_response': {
      const far = farText(part.response);
      return far ? farIndexable(far, OUTPUT_HEAD, OUTPUT_TAIL, OUTPUT_IDENTIFIERS) : indexable(part.response, OUTPUT_HEAD, OUTPUT_TAIL, OUTPUT_IDENTIFIERS);
    }
    case 'generic':
      return indexable(part.content);
    default:
      return '';
  }
}

/**
 * The whole texts a row of `scope` of a message with these parts was made from (before
 * `indexable` abridged them), one per row: what a snippet quotes when its match lies in an abridged middle.
 */
export function rowSources(parts: readonly Part[], scope: SearchScope): string[] {
  const out: string[] = [];
  const texts: string[] = [];
  // A far string (a huge line's text left in its file) is quoted as the row holds it, never read whole.
  const whole = (part: Part, text: string) => (farText(text) ? indexedText(part) : text);
  for (const part of parts) {
    if (part.type === 'tool_call' && scope === 'tool_call') out.push(`${part.name} ${part.arguments}`);
    else if (part.type === 'tool_call_response' && scope === 'tool_output' && part.response.trim()) out.push(whole(part, part.response));
    else if ((part.type === 'text' || part.type === 'reasoning' || part.type === 'generic') && part.content.trim()) texts.push(whole(part, part.content));
  }
  if (scope === 'message' && texts.length) out.push(texts.join('\n\n'));
  return out;
}

/** The part of a long text the index keeps (see MAX_TOOL_TEXT). */
export function indexable(text: string, headSize = MAX_TOOL_TEXT, tailSize = TOOL_TAIL, idBudget = MAX_MIDDLE_IDENTIFIERS): string {
  if (text.length <= headSize + tailSize) return text;
  const head = text.slice(0, headSize);
  const tail = text.slice(-tailSize);
  return `${head}${ABRIDGED}${identifiers(text.slice(headSize, text.length - tailSize), idBudget).join(' ')}${ABRIDGED}${tail}`;
}
