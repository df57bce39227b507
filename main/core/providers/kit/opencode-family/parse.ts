/**
 * Parses an OpenCode-format source for the agent that wrote it: `opencode.db` / `kilo.db` (every session in it), a `storage/session/…` file
 * (that session, reading its message and part files), or an `opencode export` document.
 * All three are read into the same OcSession shape and normalized by build.ts.
 */
import type { Conversation, ParseWarning } from '../../../../../shared/record';
import type { ParseContext } from '../provider';
import { buildConversation, idFromPath, type OpenCodeAgent } from './build';
import { readExport } from './export';
import { isObject, shortError, str } from '../json';
import { readDatabase } from './sqlite';
import { parseJsonDocument } from '../parse-json';
import { readStorageSession } from './storage';
import type { OcSession } from './source';

export async function parseOpenCodeFamily(agent: OpenCodeAgent, ctx: ParseContext): Promise<Conversation[]> {
  if (/\.db$/i.test(ctx.path)) {
    const { sessions } = readDatabase(ctx.path);
    // An unopenable database has no conversation to carry a warning; it is retried next sync.
    return sessions.map((s) => buildConversation(agent, ctx, s));
  }
  let text: string;
  const notes: string[] = [];
  try {
    text = await ctx.readText((note) => notes.push(note));
  } catch (error) {
    return [broken(agent, ctx, `Cannot read file: ${shortError(error)}`)];
  }
  if (!text.trim()) return [];
  let doc: unknown;
  const warnings: ParseWarning[] = notes.map((message) => ({ message }));
  try {
    doc = parseJsonDocument(text, (line, message) => warnings.push({ line, message }));
  } catch (error) {
    return [broken(agent, ctx, `Unreadable OpenCode JSON: ${shortError(error)}`)];
  }
  if (!isObject(doc)) return [broken(agent, ctx, 'OpenCode file is not a JSON object')];
  if (isObject(doc.info) && 'messages' in doc) return [withWarnings(buildConversation(agent, ctx, readExport(doc)), warnings)];
  if (str(doc.id)) return [withWarnings(buildConversation(agent, ctx, await readStorageSession(ctx.path, doc)), warnings)];
  return [broken(agent, ctx, 'Not an OpenCode session: neither an export ({info, messages}) nor a session info file')];
}

/** What reading the file itself had to say comes first. */
function withWarnings(conversation: Conversation, warnings: readonly ParseWarning[]): Conversation {
  return warnings.length ? { ...conversation, warnings: [...warnings, ...conversation.warnings] } : conversation;
}

/** A file that cannot be read at all still shows up, empty, with the reason. */
function broken(agent: OpenCodeAgent, ctx: ParseContext, message: string): Conversation {
  const session: OcSession = { info: { id: idFromPath(ctx.path) }, messages: [], warnings: [{ message }] };
  return buildConversation(agent, ctx, session);
}
