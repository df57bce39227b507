/**
 * Parses one Cline / Roo Code task: `tasks/<taskId>/ui_messages.json`, a JSON array of
 * say/ask entries (what the person saw). Each element is parsed once, in order; the api
 * history and task metadata beside it fill in tool-call ids and models. A task that kept only
 * its `api_conversation_history.json` is read from that (api-conversation.ts). See README.md.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import type { ParseContext } from '../kit/provider';
import { isApiMessage, readApiConversation } from './api-conversation';
import { readApiHistory } from './api-history';
import { ClineBuilder, type Entry } from './builder';
import { handleEntry } from './entries';
import { isObject, num, str, tryParse } from '../kit/json';
import { splitJsonArray } from './json-array';
import { lineAt, parseJson } from '../kit/parse-json';
import { parseClineSession, SDK_MESSAGES } from './sdk-session';

export async function parseClineTask(ctx: ParseContext): Promise<Conversation[]> {
  // The Cline SDK's sessions (CLI 3.x, the new extension) are another format (sdk-session.ts).
  if (SDK_MESSAGES.test(ctx.path)) return parseClineSession(ctx);
  let text: string;
  const notes: string[] = [];
  try {
    text = await ctx.readText((note) => notes.push(note));
  } catch {
    return [];
  }
  if (!text.trim()) return [];
  const { elements, problem } = splitJsonArray(text);
  if (elements.length && isApiMessage(tryParse(elements[0].raw))) {
    // An API history: when the task's ui_messages.json is there, that is what the person saw.
    const ui = path.join(path.dirname(ctx.path), UI_MESSAGES);
    if (path.basename(ctx.path) !== UI_MESSAGES && (await isFile(ui))) return parseClineTask(ctx.sibling(ui));
    return [readApiConversation(ctx, elements, problem, notes)];
  }
  const b = new ClineBuilder(ctx, await readApiHistory(ctx.path));
  for (const note of notes) b.warn(undefined, note);
  if (problem && !elements.length && problem === 'not a JSON array') {
    b.warn(1, 'ui_messages.json is not a JSON array; nothing read');
    return [b.finish()];
  }
  if (problem) b.warn(undefined, `ui_messages.json: ${problem}; the entries before it are kept`);
  let first = true;
  for (const el of elements) {
    let obj: unknown;
    try {
      obj = parseJson(el.raw, (note, at) => b.warn(el.line + lineAt(el.raw, at) - 1, note));
    } catch (error) {
      b.warn(el.line, `Unreadable entry ${el.index} skipped: ${shortMessage(error)}`);
      continue;
    }
    const entry = toEntry(el.index, el.line, el.raw, obj);
    if (!entry) {
      b.warn(el.line, `Entry ${el.index} is not a say/ask message; skipped`);
      continue;
    }
    b.seen(entry);
    handleEntry(b, entry, first);
    first = false;
  }
  await readMetadataModels(ctx.path, b);
  return [b.finish()];
}

const UI_MESSAGES = 'ui_messages.json';

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function toEntry(index: number, line: number, raw: string, obj: unknown): Entry | undefined {
  if (!isObject(obj)) return undefined;
  const type = obj.type === 'say' || obj.type === 'ask' ? obj.type : undefined;
  const kind = type ? str(obj[type]) : undefined;
  if (!type || !kind) return undefined;
  const ts = num(obj.ts);
  const modelInfo = isObject(obj.modelInfo) ? obj.modelInfo : undefined;
  return {
    index,
    line,
    raw,
    obj,
    type,
    kind,
    text: str(obj.text) ?? '',
    partial: obj.partial === true,
    timestamp: ts !== undefined ? isoFromMs(ts) : undefined,
    model: str(modelInfo?.modelId),
    historyIndex: num(obj.conversationHistoryIndex),
  };
}

/** task_metadata.json lists every model the task used (`model_usage[].model_id`). */
async function readMetadataModels(uiPath: string, b: ClineBuilder): Promise<void> {
  let meta: unknown;
  try {
    meta = parseJson(await readFile(path.join(path.dirname(uiPath), 'task_metadata.json'), 'utf8'));
  } catch {
    return;
  }
  if (!isObject(meta) || !Array.isArray(meta.model_usage)) return;
  for (const u of meta.model_usage) {
    const id = isObject(u) ? str(u.model_id) : undefined;
    if (id) b.addModel(id);
  }
}

function isoFromMs(ms: number): string | undefined {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function shortMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 160 ? `${message.slice(0, 159)}…` : message;
}
