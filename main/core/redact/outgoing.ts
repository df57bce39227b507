/**
 * What leaves the app (exports, `dejavu show`, MCP answers) is redacted unless the person said
 * otherwise: the `redactExports` setting, or `--no-redact` for one command.
 */
import type { FarConversation } from '../../../shared/far-record';
import type { Conversation } from '../../../shared/record';
import type { ReadableIndex } from '../archive/db';
import { redactConversation, type RedactedConversation } from './redact-conversation';
import { redactText } from './redact-text';
import { readPrivacy } from './settings';

/** Whether to redact: a command's own flag wins, else the setting (on by default). */
export function redactsOutgoing(db: ReadableIndex, flag?: boolean): boolean {
  return flag ?? readPrivacy(db).redactExports;
}

/** The record as it may leave the app; `count` says how many secrets were masked. */
export function outgoingConversation(c: Conversation, redact: boolean): RedactedConversation;
export function outgoingConversation(c: FarConversation, redact: boolean): RedactedConversation<FarConversation>;
export function outgoingConversation(c: FarConversation, redact: boolean): RedactedConversation<FarConversation> {
  return redact ? redactConversation(c) : { conversation: c, kinds: {}, count: 0 };
}

/** A finished answer (a search snippet list, a digest) as it may leave the app. */
export function outgoingText(text: string, redact: boolean): string {
  return redact ? redactText(text).text : text;
}

/** What a person is told when redaction is off, so a shared file is never a surprise. */
export const REDACTION_OFF_NOTE = 'secret redaction is off: secrets in this conversation are written as they were typed';
export const REDACTION_OFF_SEARCH_NOTE = 'secret redaction is off: search snippets show secrets as they were typed';

/** Any answer (a plan, a timeline) as it may leave the app: every string in it redacted. */
export function outgoingValue<T>(value: T, redact: boolean): T {
  if (!redact) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactText(v).text;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
