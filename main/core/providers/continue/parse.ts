/**
 * Parses one Continue session: `~/.continue/sessions/<sessionId>.json`, a `Session`
 * (`{sessionId, title, workspaceDirectory, history, mode?, chatModelTitle?, usage?}`, core/
 * index.d.ts) whose history history.ts reads; `sessions.json` beside it gives the session's
 * `dateCreated` (and its title and workspace when the file lacks them). README.md has the format.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Conversation, ParseWarning } from '../../../../shared/record';
import { idFromFileName, seedConversation, titleFrom } from '../kit/identity';
import { arr, isObject, isoFromMs, isoFromText, shortError, str, type Json } from '../kit/json';
import { parseJsonDocument, tryParseJson } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';
import { continueUsage, historyMessages } from './history';
import { SESSIONS_INDEX } from './locate';

export async function parseContinueSession(ctx: ParseContext): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  let text: string;
  try {
    text = await ctx.readText((message) => warnings.push({ message }));
  } catch (error) {
    warnings.push({ message: `Cannot read file: ${shortError(error)}` });
    text = '';
  }
  if (!text.trim() && !warnings.length) return [];
  let session: Json = {};
  try {
    const doc = text.trim() ? parseJsonDocument(text, (line, message) => warnings.push({ line, message })) : undefined;
    if (isObject(doc)) session = doc;
    else if (doc !== undefined) warnings.push({ message: 'Continue session file is not a JSON object; nothing read' });
  } catch (error) {
    warnings.push({ message: `Unreadable Continue session JSON: ${shortError(error)}` });
  }
  const nativeId = str(session.sessionId) ?? idFromFileName(ctx.path, /\.json$/);
  const indexed = await indexEntry(ctx.path, nativeId);
  const { messages, firstPrompt, models, unknown } = historyMessages(session.history, str(session.chatModelTitle) ?? undefined);
  if (unknown.size) warnings.push({ message: `Unknown Continue history message roles kept as generic messages: ${[...unknown].sort().join(', ')}` });
  const workspace = str(session.workspaceDirectory) ?? str(indexed?.workspaceDirectory);
  // Until a title is generated a session keeps Continue's placeholder: the first prompt says more.
  const title = [str(session.title), str(indexed?.title)].find((t) => t?.trim() && !PLACEHOLDER_TITLES.has(t.trim())) ?? firstPrompt ?? str(session.title);
  const created = createdAt(indexed?.dateCreated);
  return [
    seedConversation(
      { agent: 'continue', nativeId, ctx, cwd: workspace ? folderPath(workspace) : undefined, models, warnings, messages },
      { title: titleFrom(title), startedAt: created, usage: continueUsage(session.usage) },
    ),
  ];
}

const PLACEHOLDER_TITLES = new Set(['New Session', 'Untitled Session']);

/** `dateCreated`: `String(Date.now())` as HistoryManager.save writes it (milliseconds as text), or an ISO date. */
function createdAt(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : str(value);
  return text && /^\d{10,}$/.test(text) ? isoFromMs(Number(text)) : isoFromText(text);
}

/** The session's entry in `sessions.json` (`[{sessionId, title, dateCreated, workspaceDirectory}]`). */
async function indexEntry(sessionFile: string, sessionId: string): Promise<Json | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(path.dirname(sessionFile), SESSIONS_INDEX), 'utf8');
  } catch {
    return undefined; // no index: the session file is all there is
  }
  return arr(tryParseJson(text)).filter(isObject).find((e) => e.sessionId === sessionId);
}

/** `workspaceDirectory` is a folder path, or a `file://` URI in newer versions. */
function folderPath(value: string): string | undefined {
  if (!value.startsWith('file:')) return value || undefined;
  try {
    return fileURLToPath(value);
  } catch {
    return undefined;
  }
}
