/**
 * Parses one VS Code chat session: `chatSessions/<id>.json` (one `ISerializableChatData`
 * document) or `chatSessions/<id>.jsonl` (its append log, replayed by session-log.ts). Each
 * request is what the person typed (`message.text`) and the answer VS Code showed for it
 * (`response`, see response.ts). Shapes from microsoft/vscode src/vs/workbench/contrib/chat/
 * common/model/chatModel.ts and chatSessionOperationLog.ts (README.md).
 */
import path from 'node:path';
import type { Conversation, Message, ParseWarning } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import { arr, isoFromMs, isObject, num, obj, shortError, str, type Json } from '../kit/json';
import { parseJsonDocument } from '../kit/parse-json';
import type { ParseContext } from '../kit/provider';
import { markdownText, responsePieces } from './response';
import { replaySessionLog } from './session-log';
import { workspaceFolder } from './workspace';

export async function parseVscodeChat(ctx: ParseContext): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  const read = await readSession(ctx, warnings);
  if (read === 'empty') return [];
  const session = read ?? {};
  const nativeId = str(session.sessionId) ?? path.basename(ctx.path).replace(/\.jsonl?$/, '');
  const messages: Message[] = [];
  const models = new Set<string>();
  const unknown = new Set<string>();
  const seenCalls = new Set<string>();
  let firstPrompt: string | undefined;
  let lastTime: number | undefined;

  arr(session.requests).forEach((request, index) => {
    if (!isObject(request)) {
      warnings.push({ message: `Request ${index} is not an object; skipped` });
      return;
    }
    const rid = str(request.requestId) ?? `request-${index}`;
    const native = JSON.stringify(request);
    const timestamp = isoFromMs(request.timestamp);
    lastTime = num(request.timestamp) ?? lastTime;
    const model = str(request.modelId);
    if (model) models.add(model);
    const push = (m: Message) => {
      if (timestamp) m.timestamp = timestamp;
      messages.push(m);
    };
    const typed = promptText(request.message);
    if (typed !== undefined) {
      firstPrompt ??= typed;
      push({ id: rid, role: 'user', parts: [{ type: 'text', content: typed }], native, source: 0 });
    }
    let n = 0;
    const callId = (raw: string | undefined): string => {
      let id = raw || `${rid}#call${n}`;
      while (seenCalls.has(id)) id = `${id}'`;
      seenCalls.add(id);
      return id;
    };
    for (const piece of responsePieces(request.response, callId, unknown)) {
      const m: Message = { id: `${rid}#${n}`, role: piece.role, parts: piece.parts, native, source: 0 };
      if (piece.role === 'assistant' && model) m.model = model;
      n += 1;
      push(m);
    }
    const error = obj(obj(request.result)?.errorDetails);
    const errorText = str(error?.message);
    if (errorText) push({ id: `${rid}#error`, role: 'system', kind: 'api-error', parts: [{ type: 'text', content: errorText }], native, source: 0 });
  });
  if (unknown.size) warnings.push({ message: `Unknown VS Code chat response part kinds kept as generic parts: ${[...unknown].sort().join(', ')}` });

  const cwd = await workspaceFolder(ctx.path);
  // v3 `customTitle` (renamed by the person), v2 `computedTitle`, else the first prompt.
  const named = [session.customTitle, session.computedTitle].map(str).find((t) => t?.trim());
  const title = titleFrom(named ?? firstPrompt);
  const started = isoFromMs(session.creationDate);
  const ended = isoFromMs(num(session.lastMessageDate) ?? lastTime);
  return [seedConversation({ agent: 'vscode-copilot-chat', nativeId, ctx, cwd, models, warnings, messages }, { title, startedAt: started, endedAt: ended })];
}

/** The session object; 'empty' for an empty file; undefined (with a warning) when it cannot be read. */
async function readSession(ctx: ParseContext, warnings: ParseWarning[]): Promise<Json | 'empty' | undefined> {
  if (ctx.path.endsWith('.jsonl')) {
    let sawLine = false;
    const lines = (async function* () {
      for await (const line of ctx.lines()) {
        if (line.text.trim()) sawLine = true;
        yield line;
      }
    })();
    const { session } = await replaySessionLog(lines, (line, message) => warnings.push({ line, message }));
    if (!sawLine) return 'empty';
    if (!session) warnings.push({ message: 'VS Code chat log has no initial entry ({"kind":0}): no session to read' });
    return session;
  }
  let text: string;
  try {
    text = await ctx.readText((message) => warnings.push({ message }));
  } catch (error) {
    warnings.push({ message: `Cannot read file: ${shortError(error)}` });
    return undefined;
  }
  if (!text.trim()) return 'empty';
  try {
    const doc = parseJsonDocument(text, (line, message) => warnings.push({ line, message }));
    if (isObject(doc)) return doc;
    warnings.push({ message: 'VS Code chat session file is not a JSON object; nothing read' });
  } catch (error) {
    warnings.push({ message: `Unreadable VS Code chat session JSON: ${shortError(error)}` });
  }
  return undefined;
}

/** What the person typed: `message.text` (an `IParsedChatRequest`), or the string older versions stored. */
function promptText(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (!isObject(message)) return undefined;
  return str(message.text) ?? markdownText(message);
}
