/**
 * The degraded forms of a conversation, pure: stage 1 (bulk dropped, everything the person
 * typed or read kept) and stage 2 (the thread rebuilt from its digest). Both are ordinary
 * Conversation records, so every reader, search and a later merge treat them like any other.
 */
import type { Conversation, Message, Part, ReasoningPart, TextPart } from '../../../shared/record';
import { identifiers } from '../search/identifiers';
import { indexedText } from '../search/search-rows';
import type { Digest, StoredPromptPart } from './digest';

/** Tool output, images and system/tool text larger than this are bulk in stage 1. */
export const BULK_CHARS = 4 * 1024;
/** What stage 1 keeps of a large tool result: its head, so a glance still says what it was. */
export const KEPT_HEAD_CHARS = 1024;
/**
 * And of the rest, at most this many characters of identifiers: as many as search keeps of a
 * long tool output's middle, so every one kept is indexed again from the stage-1 record.
 */
const KEPT_IDENTIFIER_CHARS = 8 * 1024;

/**
 * Stage 1: drop the native records and large tool results / images / system text (keeping their
 * head and identifiers); keep every prompt, every answer (text and reasoning), and tool call
 * names and arguments whole.
 */
export function dropBulk(c: Conversation): Conversation {
  return { ...c, messages: c.messages.map(slimMessage) };
}

function slimMessage(m: Message): Message {
  const { native: _native, ...rest } = m;
  const bulkText = m.role === 'tool' || m.role === 'system';
  return { ...rest, parts: m.parts.map((p) => slimPart(p, bulkText)) };
}

function slimPart(p: Part, bulkText: boolean): Part {
  switch (p.type) {
    case 'tool_call_response':
      return p.response.length > BULK_CHARS ? { ...p, response: headOf(p.response, p) } : p;
    case 'blob':
      return p.content.length > BULK_CHARS
        ? { type: 'generic', kind: 'dropped-blob', content: `${p.mimeType} ${p.modality}, ${Math.round((p.content.length * 3) / 4)} bytes (dropped by retention)` }
        : p;
    case 'generic':
    case 'text':
      return bulkText && p.content.length > BULK_CHARS ? { ...p, content: headOf(p.content, p) } : p;
    default:
      return p;
  }
}

/**
 * The head of a bulky text, and the identifiers (paths, hashes, ids) search had indexed from
 * the rest: kept in the record itself, so they stay findable, even after search.db is rebuilt
 * from the blobs. Search's own extractor picks them, from the text search had of the part.
 */
function headOf(s: string, part: Part): string {
  const ids = identifiers(indexedText(part).slice(KEPT_HEAD_CHARS), KEPT_IDENTIFIER_CHARS);
  const kept = ids.length ? `; identifiers in them, kept for search: ${ids.join(' ')}` : '';
  return `${s.slice(0, KEPT_HEAD_CHARS)}\n… [${s.length - KEPT_HEAD_CHARS} more characters dropped by retention${kept}]`;
}

/** The id of the stage-2 thread's closing message (the last answer's snippet). */
export const DIGEST_ANSWER_ID = 'dejavu-digest-last-answer';

/**
 * Stage 2: every typed prompt as a `user` message, then the last answer's snippet (kind `digest`).
 * `stored` gives a prompt text the digest keeps in the content store (digest-stored-text.ts), whole.
 */
export function threadFromDigest(d: Digest, stored: (hash: string) => string): Conversation {
  const messages: Message[] = d.prompts.map((p) => {
    const parts = p.parts.map((part): Part => ('contentRef' in part ? { ...withoutRef(part), content: stored(part.contentRef) } : part));
    return strip({ id: p.id, parentId: p.parentId, role: 'user', timestamp: p.timestamp, kind: p.kind, source: p.source, parts });
  });
  if (d.lastAnswer) {
    messages.push(strip({ id: DIGEST_ANSWER_ID, role: 'assistant', kind: 'digest', timestamp: d.endedAt, model: d.model, parts: [{ type: 'text', content: d.lastAnswer }] }));
  }
  return strip({
    id: d.conversationId,
    agent: d.agent,
    nativeId: d.nativeId,
    workspace: d.workspace,
    instance: d.instance,
    cwd: d.cwd,
    gitBranch: d.gitBranch,
    title: d.title,
    startedAt: d.startedAt,
    endedAt: d.endedAt,
    models: d.models,
    usage: d.usage,
    parentId: d.parentId,
    parentToolCallId: d.parentToolCallId,
    agentVersion: d.agentVersion,
    sourcePath: d.sourcePath,
    sources: d.sources,
    warnings: [],
    messages,
  });
}

/** What is left of a conversation dropped by a data-loss event: its facts and a note saying so. */
export function lostThread(base: Omit<Conversation, 'messages' | 'warnings'>, detail: string): Conversation {
  const note: Message = { id: 'dejavu-data-loss', role: 'system', kind: 'data-loss', parts: [{ type: 'text', content: detail }] };
  return strip({ ...base, warnings: [], messages: [note] });
}

function withoutRef(part: StoredPromptPart): TextPart | ReasoningPart {
  const { contentRef: _ref, ...rest } = part;
  return rest;
}

function strip<T extends object>(o: T): T {
  for (const key of Object.keys(o) as (keyof T)[]) if (o[key] === undefined) delete o[key];
  return o;
}
