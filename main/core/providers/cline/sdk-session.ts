/**
 * A session of the Cline SDK (`@cline/core`: the standalone CLI 3.x and the new VS Code extension,
 * from April 2026): `~/.cline/data/sessions/<id>/<id>.messages.json`, `{version: 1, agent:
 * lead|subagent|teammate, sessionId, messages: [{id, role: user|assistant, content: [text |
 * thinking | tool_use | tool_result | image | file], ts?, modelInfo?, metrics?}]}`
 * (sdk/packages/core/docs/messages-contract-v1.md), with `<id>.json` beside it (cwd, title, a
 * fork's parent). No real file was found: read after that contract and the code that writes it.
 *
 * What the person typed is wrapped, `<user_input mode="act">…</user_input>`; beside it the runtime
 * puts `<mode_notice>` elements and the attached files' `<file_content>`, and a slash command
 * becomes `<user_command slash="name">its instructions</user_command>` (user-input.ts). A legacy
 * task resumed here starts with its old history, converted, then a warning to the model: that
 * history is the task's own record (`tasks/<id>/`, read by parse.ts), so it is left out here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation, Message, ParseWarning, Part, Usage } from '../../../../shared/record';
import { isToolUse, textOrReasoningPart } from '../kit/anthropic';
import { conversationId, seedConversation, subConversationId, titleFrom } from '../kit/identity';
import { arr, asText, isObject, isoFromMs, isoFromText, obj, str, type Json } from '../kit/json';
import type { ParseContext } from '../kit/provider';
import { parseJson } from '../kit/parse-json';
import { forkNote } from '../kit/fork-copies';
import { sumUsage, usageOf } from '../kit/usage';
import { isLegacyResumeWarning, userTurn } from './user-input';

export const SDK_MESSAGES = /\.messages\.json$/;

export async function parseClineSession(ctx: ParseContext): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  const text = await ctx.readText((note) => warnings.push({ message: note }));
  if (!text.trim()) return [];
  let file: Json | undefined;
  try {
    const value = parseJson(text, (note) => warnings.push({ message: note }));
    file = isObject(value) ? value : undefined;
  } catch (error) {
    warnings.push({ message: `Unreadable session file: ${error instanceof Error ? error.message : String(error)}` });
  }
  // A subagent's or teammate's messages sit in the lead's folder as `<agentId>[__<teamTaskId>].messages.json`, naming the lead's session.
  const folder = path.basename(path.dirname(ctx.path));
  const own = path.basename(ctx.path).replace(SDK_MESSAGES, '');
  const lead = own !== folder ? folder : undefined;
  const sessionId = lead ? own : (str(file?.sessionId) ?? own);
  const manifest = readManifest(ctx.path, lead ?? sessionId);
  const meta = obj(manifest?.metadata);
  let stored = arr(file?.messages).filter(isObject);
  if (file && !Array.isArray(file.messages)) warnings.push({ message: 'The session file has no messages list; nothing read' });
  const out: Message[] = [];
  // A legacy task resumed on the SDK: what precedes the warning is the task's own history.
  const resumedAt = stored.findIndex((m) => arr(m.content).some((b) => isObject(b) && typeof b.text === 'string' && isLegacyResumeWarning(b.text)));
  if (resumedAt > 0) stored = stored.slice(resumedAt);
  // A fork starts with its parent's messages, under their ids: those are the parent's conversation.
  const forkedFrom = str(obj(meta?.fork)?.forkedFromSessionId);
  const parentIds = forkedFrom && !lead ? messageIdsOf(path.join(path.dirname(path.dirname(ctx.path)), forkedFrom, `${forkedFrom}.messages.json`)) : undefined;
  if (forkedFrom && parentIds?.size) {
    // A copied tool result is re-keyed `<id>_tool_<tool_use_id>` (agent-message-codec.ts).
    const copy = (m: Json) => parentIds.has(String(m.id)) || parentIds.has(String(m.id).split('_tool_')[0]);
    const first = stored.findIndex((m) => !copy(m));
    const copied = first < 0 ? stored.length : first;
    if (copied) {
      stored = stored.slice(copied);
      out.push(forkNote(forkedFrom, `its ${copied} earlier messages are in that session's conversation`, undefined));
    }
  }
  const imageOf = storedImage(path.dirname(ctx.path));
  const models = new Set<string>();
  let usage: Usage | undefined;
  let firstPrompt: string | undefined;
  const subagent = lead !== undefined || str(file?.agent) === 'subagent' || str(file?.agent) === 'teammate';
  stored.forEach((m, i) => {
    const id = str(m.id) ?? `m${i}`;
    const timestamp = isoFromMs(m.ts);
    const at = (message: Message): Message => (timestamp ? { ...message, timestamp } : message);
    if (m.role === 'assistant') {
      const model = str(obj(m.modelInfo)?.id);
      if (model) models.add(model);
      const turn = turnUsage(obj(m.metrics));
      if (turn) usage = sumUsage(usage ?? {}, turn) ?? usage;
      const message = at({ id, role: 'assistant', parts: arr(m.content).filter(isObject).flatMap(assistantPart), native: JSON.stringify(m), source: 0 });
      if (model) message.model = model;
      if (turn) message.usage = turn;
      out.push(message);
      return;
    }
    for (const message of userTurn(id, m, JSON.stringify(m), imageOf)) {
      if (message.role === 'user') {
        if (subagent && firstPrompt === undefined && !out.some((o) => o.kind === 'subagent-task')) {
          message.role = 'system';
          message.kind = 'subagent-task';
        } else firstPrompt ??= message.parts.map((p) => (p.type === 'text' ? p.content : '')).join(' ');
      }
      out.push(at(message));
    }
  });
  fillTimes(out);
  const times = out.map((m) => m.timestamp).filter((t): t is string => !!t);
  const started = str(manifest?.started_at) ?? str(manifest?.startedAt);
  const link = lead ? { parentId: conversationId('cline', lead), relation: 'subagent' as const } : forkedFrom ? { parentId: conversationId('cline', forkedFrom), relation: 'fork' as const } : {};
  return [
    seedConversation(
      { agent: 'cline', nativeId: lead ? `${lead}.${sessionId}` : sessionId, id: lead ? subConversationId('cline', lead, sessionId) : undefined, ctx, cwd: str(manifest?.cwd) ?? str(manifest?.workspace_root), models, warnings, messages: out },
      {
        title: (lead ? undefined : str(meta?.title)) ?? titleFrom(firstPrompt),
        startedAt: isoFromText(started) ?? times[0],
        endedAt: times[times.length - 1] ?? str(file?.updated_at),
        usage,
        ...link,
      },
    ),
  ];
}

/** The contract gives only assistant messages a `ts`: the others take the time of the one before (or after) them. */
function fillTimes(messages: Message[]): void {
  let last = messages.find((m) => m.timestamp)?.timestamp;
  for (const m of messages) {
    if (m.timestamp) last = m.timestamp;
    else if (last) m.timestamp = last;
  }
}

/**
 * Images: inline `{type: image, data, mediaType}`, or, 16 KB of base64 and more, kept apart as
 * `{type: image_ref, blobId, mediaType}` in the session's `blobs/<blobId>.<ext>`
 * (blobifyStoredMessageMedia in session-blob-store.ts).
 */
function storedImage(sessionDir: string): (block: Json) => Part | undefined {
  return (block) => {
    const mimeType = str(block.mediaType) ?? str(block.media_type) ?? str(block.mimeType) ?? 'image/png';
    if (block.type === 'image' && typeof block.data === 'string') return { type: 'blob', modality: 'image', mimeType, content: block.data };
    const blobId = str(block.blobId);
    if (!blobId || !/^[\w.-]+$/.test(blobId)) return undefined;
    try {
      const dir = path.join(sessionDir, 'blobs');
      const name = readdirSync(dir).find((f) => f === blobId || f.startsWith(`${blobId}.`));
      return name ? { type: 'blob', modality: 'image', mimeType, content: readFileSync(path.join(dir, name)).toString('base64') } : undefined;
    } catch {
      return undefined;
    }
  };
}

function assistantPart(block: Json): Part[] {
  const text = textOrReasoningPart(block);
  if (text) return text.type === 'text' && !text.content.trim() ? [] : [text];
  if (isToolUse(block)) return [{ type: 'tool_call', id: str(block.id) ?? '', name: str(block.name) ?? 'tool', arguments: asText(block.input ?? {}) }];
  return [{ type: 'generic', kind: str(block.type) ?? 'unknown', content: JSON.stringify(block) }];
}

/** An assistant message's `metrics` (the SDK already uses Usage's names; cost and the rest are left out). */
function turnUsage(metrics: Json | undefined): Usage | undefined {
  return metrics && usageOf({ inputTokens: metrics.inputTokens, outputTokens: metrics.outputTokens, cacheReadTokens: metrics.cacheReadTokens, cacheWriteTokens: metrics.cacheWriteTokens });
}

/** The session's manifest `<id>.json` beside its messages: cwd, title, fork; absent or unreadable → undefined. */
function readManifest(messagesPath: string, sessionId: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(readFileSync(path.join(path.dirname(messagesPath), `${sessionId}.json`), 'utf8'));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function messageIdsOf(file: string): Set<string> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return new Set(arr(isObject(value) ? value.messages : undefined).filter(isObject).map((m) => String(m.id)));
  } catch {
    return undefined;
  }
}
