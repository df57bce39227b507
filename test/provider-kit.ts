/** Helpers every provider's tests share. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Conversation, Message, Part } from '../shared/record';

/** Every file under a folder (the fixtures tree, a temp home). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The parts of a conversation's messages, of one role or all. */
export function parts(c: Conversation, role?: Message['role']): Part[] {
  return c.messages.filter((m) => role === undefined || m.role === role).flatMap((m) => m.parts);
}

/** The three facts PROVENANCE.md counts, as the provider tests compare them. */
export function counts(c: Conversation) {
  return {
    typed: c.messages.filter((m) => m.role === 'user').length,
    texts: parts(c, 'assistant').filter((p) => p.type === 'text' && p.content.trim() !== '').length,
    calls: parts(c, 'assistant').filter((p) => p.type === 'tool_call').length,
  };
}
