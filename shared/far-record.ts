/**
 * A conversation as the outgoing writers read it (`show`, `show --json`, `export`): a stored tool
 * output above ~1 MiB is a far string (far-strings.ts) read a slice at a time, never whole. Its
 * messages and parts are read-only arrays, so the type checker refuses one wherever a plain
 * `Conversation` or `Message` is taken (the app, search, digests, merge, retention), and a
 * stand-in can never reach code that would treat it as the text. A plain Conversation is one.
 */
import type { Conversation, Message, Part } from './record';

export type FarMessage = Omit<Message, 'parts'> & { readonly parts: readonly Part[] };

export type FarConversation = Omit<Conversation, 'messages'> & { readonly messages: readonly FarMessage[] };
