/**
 * Turns one ui_messages.json entry into normalized messages. The UI stream is what the
 * person saw, so it decides roles and counts: the first entry and every `user_feedback` are
 * typed prompts; `text` / `completion_result` and the question/plan answers the assistant
 * asked or gave are assistant text; tool entries are tool calls. See README.md.
 */
import type { BlobPart, Part } from '../../../../shared/record';
import type { ClineBuilder, Entry } from './builder';
import { isObject, str, tryParse } from '../kit/json';
import { KNOWN_KINDS, RESULT_FOR, SYSTEM_KINDS, TOOL_KINDS } from './kinds';
import { positiveCount, usageOf } from '../kit/usage';

/** `# Current Working Directory (<path>) Files` (Cline) / `# Current Workspace Directory` (Roo). */
export const CWD = /# Current (?:Working|Workspace) Directory \(([^)\n]+)\)/;

export function handleEntry(b: ClineBuilder, e: Entry, isFirst: boolean): void {
  if (isFirst && (e.kind === 'text' || e.kind === 'task')) return b.pushPrompt(e, promptParts(e));
  // Streaming fragments are replaced in place by their final form; one left behind was cut
  // off. An empty one carries nothing; a non-empty one is kept (the person saw it).
  if (e.partial && !e.text.trim() && !hasMedia(e)) return;
  if (e.partial && TOOL_KINDS.has(e.kind)) return;
  if (TOOL_KINDS.has(e.kind)) return toolCall(b, e);
  const resultFor = RESULT_FOR[e.kind];
  if (resultFor) return b.pushResult(e, resultFor, e.text);
  switch (e.kind) {
    case 'task':
    case 'user_feedback':
      return b.pushPrompt(e, promptParts(e));
    case 'text':
      return assistantText(b, e, e.partial ? 'partial' : undefined);
    case 'completion_result':
      if (e.type === 'ask') return askCompletion(b, e);
      return assistantText(b, e, 'completion');
    case 'plan_completion_result':
      return assistantText(b, e, 'completion');
    case 'reasoning':
      return reasoning(b, e);
    case 'followup':
      return structuredAnswer(b, e, 'question', 'followup-question');
    case 'plan_mode_respond':
    case 'act_mode_respond':
      return structuredAnswer(b, e, 'response', e.kind === 'plan_mode_respond' ? 'plan' : undefined);
    case 'api_req_started':
      return apiRequest(b, e);
  }
  const kind = SYSTEM_KINDS[e.kind];
  if (kind || KNOWN_KINDS.has(e.kind)) {
    const parts: Part[] = e.text.trim() ? [{ type: 'text', content: e.text }] : [];
    if (e.kind === 'checkpoint_created' && str(e.obj.lastCheckpointHash)) {
      parts.push({ type: 'generic', kind: 'checkpoint-hash', content: str(e.obj.lastCheckpointHash)! });
    }
    parts.push(...mediaParts(e));
    return void b.push(e, 'system', parts, kind ?? e.kind.replace(/_/g, '-'));
  }
  b.unknown(e);
}

function promptParts(e: Entry): Part[] {
  return [{ type: 'text', content: e.text }, ...mediaParts(e)];
}

function assistantText(b: ClineBuilder, e: Entry, kind?: string): void {
  const parts: Part[] = [];
  if (str(e.obj.reasoning)?.trim()) parts.push({ type: 'reasoning', content: str(e.obj.reasoning)! });
  if (e.text.trim()) parts.push({ type: 'text', content: e.text });
  parts.push(...mediaParts(e));
  if (parts.length) b.push(e, 'assistant', parts, kind);
}

/** `ask: completion_result` is the "start a new task" prompt; it repeats text only in old releases. */
function askCompletion(b: ClineBuilder, e: Entry): void {
  if (!e.text.trim()) return;
  const previous = b.messages.findLast((m) => m.kind === 'completion');
  const same = previous?.parts.some((p) => p.type === 'text' && p.content === e.text);
  if (same) previous!.native = `${previous!.native}\n${e.raw}`;
  else b.push(e, 'system', [{ type: 'text', content: e.text }], 'completion-prompt');
}

function reasoning(b: ClineBuilder, e: Entry): void {
  if (!e.text.trim()) return;
  b.push(e, 'assistant', [{ type: 'reasoning', content: e.text }]);
}

/**
 * `followup` ({question, options, selected}) and `plan_mode_respond` ({response, options}) are
 * words the assistant said to the person (the model called a tool to say them): assistant
 * text, with the offered options kept beside it; the option the person picked is their answer.
 */
function structuredAnswer(b: ClineBuilder, e: Entry, field: string, kind?: string): void {
  const parsed = tryParse(e.text);
  const body = isObject(parsed) ? str(parsed[field]) : e.text;
  const parts: Part[] = [];
  if (body?.trim()) parts.push({ type: 'text', content: body });
  if (isObject(parsed) && Array.isArray(parsed.options) && parsed.options.length) {
    parts.push({ type: 'generic', kind: 'options', content: JSON.stringify(parsed.options) });
  }
  if (!parts.length && e.text.trim()) parts.push({ type: 'generic', kind: e.kind, content: e.text });
  if (parts.length) b.push(e, 'assistant', parts, kind);
  // An offered option the person clicked is written into the question (`selected`), with no
  // user_feedback entry (AskFollowupQuestionToolHandler, PlanModeRespondHandler): their answer.
  const selected = isObject(parsed) ? str(parsed.selected)?.trim() : undefined;
  if (selected) {
    const answer = b.push(e, 'user', [{ type: 'text', content: selected }], 'option-choice');
    answer.id = `${answer.id}#selected`;
    delete answer.native;
  }
}

function toolCall(b: ClineBuilder, e: Entry): void {
  const parsed = tryParse(e.text);
  let name: string = e.kind;
  if (e.kind === 'command') name = 'execute_command';
  else if (isObject(parsed)) {
    if (e.kind === 'tool') name = str(parsed.tool) ?? 'tool';
    else if (e.kind === 'use_mcp_server') {
      const server = str(parsed.serverName);
      const tool = str(parsed.toolName) ?? str(parsed.uri);
      name = server && tool ? `mcp:${server}/${tool}` : 'use_mcp_server';
    } else if (e.kind === 'browser_action') name = `browser_action:${str(parsed.action) ?? 'unknown'}`;
  } else if (e.kind === 'browser_action_launch') name = 'browser_action:launch';
  b.pushToolCall(e, name, e.text);
}

/**
 * `api_req_started` holds the request text sent to the model (tool results, environment
 * details, resumption notes) and, once answered, its token counts and cost.
 */
function apiRequest(b: ClineBuilder, e: Entry): void {
  const parsed = tryParse(e.text);
  if (!isObject(parsed)) return void b.push(e, 'system', [{ type: 'generic', kind: 'api-request', content: e.text }], 'api-request');
  const request = str(parsed.request) ?? '';
  if (!b.cwd) {
    const m = CWD.exec(request);
    if (m) b.cwd = m[1].trim();
  }
  // Cline writes 0 for a count it never had.
  const usage = usageOf({
    inputTokens: positiveCount(parsed.tokensIn),
    outputTokens: positiveCount(parsed.tokensOut),
    cacheReadTokens: positiveCount(parsed.cacheReads),
    cacheWriteTokens: positiveCount(parsed.cacheWrites),
  });
  const parts: Part[] = [];
  if (request) parts.push({ type: 'generic', kind: 'api-request', content: request });
  for (const key of ['cancelReason', 'streamingFailedMessage'] as const) {
    const v = str(parsed[key]);
    if (v) parts.push({ type: 'generic', kind: key, content: v });
  }
  const message = b.push(e, 'system', parts, 'api-request');
  if (usage) {
    message.usage = usage;
    b.addUsage(usage);
  }
}

function hasMedia(e: Entry): boolean {
  return Array.isArray(e.obj.images) && e.obj.images.length > 0;
}

/** `images` are data URLs; `files` are paths the person attached. */
function mediaParts(e: Entry): Part[] {
  const parts: Part[] = [];
  if (Array.isArray(e.obj.images)) {
    for (const image of e.obj.images) {
      const blob = typeof image === 'string' ? dataUrlBlob(image) : undefined;
      if (blob) parts.push(blob);
      else if (typeof image === 'string') parts.push({ type: 'generic', kind: 'image-ref', content: image });
    }
  }
  if (Array.isArray(e.obj.files)) {
    for (const file of e.obj.files) if (typeof file === 'string') parts.push({ type: 'generic', kind: 'file', content: file });
  }
  return parts;
}

const DATA_URL = /^data:([^;,]+);base64,/;

function dataUrlBlob(url: string): BlobPart | undefined {
  const m = DATA_URL.exec(url);
  if (!m) return undefined;
  const mimeType = m[1];
  const modality = mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('audio/') ? 'audio' : mimeType.startsWith('video/') ? 'video' : 'file';
  return { type: 'blob', modality, mimeType, content: url.slice(m[0].length) };
}
