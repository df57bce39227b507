/** Show: one conversation, whole or a page at a time, as it may leave the app. */
import type { ResponseOf } from '../../../shared/contract';
import { parentLinkOf } from '../../../shared/parent-link';
import type { FarConversation } from '../../../shared/far-record';
import type { Conversation } from '../../../shared/record';
import type { ArchiveReader } from '../access/archive-reader';
import { providerFor } from '../providers/registry';
import { outgoingConversation } from '../redact/outgoing';
import type { RedactedConversation } from '../redact/redact-conversation';
import { conversationPageToMarkdown, type MarkdownPageOptions } from '../render/markdown';
import { redactsFor } from './redaction';
import { wholeText } from '../../../shared/far-strings';

export { AmbiguousIdError, ConversationNotFoundError } from '../access/archive-reader';
/** `show` and `export` write with the heap kept near what is alive: a huge output's slices are garbage once written. */
export { withTightHeapSync } from '../memory';

/** The whole record as retention left it. */
export function readConversation(reader: ArchiveReader, idOrPrefix: string): Conversation {
  return reader.get(idOrPrefix);
}

export interface OutgoingRead extends RedactedConversation<FarConversation> {
  /** Whether secrets were masked (the setting, or the command's `--no-redact`). */
  readonly redact: boolean;
}

/** Stored texts larger than this (bytes) are written out a slice at a time (`DEJAVU_FAR_READ_BYTES` to try it on small ones): 1 MiB. */
export function outgoingFarBytes(): number {
  return Number(process.env.DEJAVU_FAR_READ_BYTES) || 1024 * 1024;
}

/**
 * The record with secrets masked unless redaction is off, its large stored texts far strings
 * (shared/far-strings.ts): the writers (`show`, `export`, the MCP resource) stream them, so a
 * 100 MB tool output is never one string; for a JSON writer (`forJson`), a 100 MB prompt or answer
 * neither (the Markdown and HTML views read those whole).
 */
export function outgoingRead(reader: ArchiveReader, idOrPrefix: string, keepSecrets = false, forJson = false): OutgoingRead {
  const redact = redactsFor(reader, keepSecrets);
  return { ...outgoingConversation(reader.readFar(idOrPrefix, { farAbove: outgoingFarBytes(), farTexts: forJson }), redact), redact };
}

/**
 * What the app shows above a thread: its summary, what it came from, the conversations linked
 * under it (subagents, continuations), how to resume it, its warnings.
 */
export function conversationDetail(reader: ArchiveReader, conversation: Conversation): ResponseOf<'dejavu:conversation'> {
  const summary = reader.summary(conversation.id);
  // Each child's relation (subagent, fork, continuation) is a column of its index row.
  const children = reader.list({ parentId: conversation.id });
  const parent = parentLinkOf(conversation);
  return { summary, ...(parent ? { parent } : {}), children, resume: providerFor(conversation.agent)?.resumeCommand(conversation), warnings: conversation.warnings, rewrites: conversation.rewrites ?? [] };
}

/** A page of messages, without their native records. */
export function messagePage(conversation: Conversation, offset: number, limit: number): ResponseOf<'dejavu:messages'> {
  const messages = conversation.messages.slice(offset, offset + limit).map(({ native: _native, ...m }) => m);
  return { total: conversation.messages.length, offset, messages };
}

/**
 * A page of a conversation as Markdown (MCP), masked first so a cut tool result never shows half a
 * secret. Read as `show` reads it (a huge stored output a slice at a time): the server runs for
 * long, and one 100 MB output read whole took it past a GB. The page is one string for JSON-RPC.
 */
export function markdownPage(reader: ArchiveReader, idOrPrefix: string, redact: boolean, from: number, limit: number, options: MarkdownPageOptions): string {
  const { conversation } = outgoingConversation(reader.readFar(idOrPrefix, { farAbove: outgoingFarBytes() }), redact);
  return wholeText(conversationPageToMarkdown(conversation, from, limit, options).markdown);
}
