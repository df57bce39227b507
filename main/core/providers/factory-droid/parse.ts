/**
 * Parses one Droid session (`~/.factory/sessions/<encoded-cwd>/<id>.jsonl`, format v2): a
 * `session_start` header, then `message` records holding Anthropic-style content blocks. Each
 * line is JSON-parsed once. The `<id>.settings.json` sidecar, when present, adds the model and
 * the token totals.
 */
import { readFile } from 'node:fs/promises';
import type { Conversation, Message, Part, Usage } from '../../../../shared/record';
import { conversationId, seedConversation, titleFrom } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import { DroidBuilder } from './builder';
import { forEachJsonRecord } from '../kit/json-lines';
import { num, obj, str, type Json } from '../kit/json';
import { parseJson } from '../kit/parse-json';

export async function parseDroid(ctx: ParseContext): Promise<Conversation[]> {
  const b = new DroidBuilder();
  const sawLine = await forEachJsonRecord(ctx, (lineNo, message) => b.warn(lineNo, message), (record, { lineNo, raw }) =>
    b.record({ lineNo, raw, timestamp: str(record.timestamp) }, record),
  );
  if (!sawLine) return [];
  return [await conversation(b, ctx)];
}

async function conversation(b: DroidBuilder, ctx: ParseContext): Promise<Conversation> {
  const start = b.start ?? {};
  const settings = await readSettings(ctx.path);
  const messages = b.finish();
  const nativeId = str(start.id) ?? idFromPath(ctx.path);
  const cwd = str(start.cwd);
  const models = new Set(b.models);
  const settingsModel = str(settings?.model);
  if (settingsModel) models.add(settingsModel.replace(/^custom:/, ''));
  const c = seedConversation({
    agent: 'factory-droid',
    nativeId,
    ctx,
    cwd,
    models,
    warnings: b.warnings,
    messages,
  });
  const title = droidTitle(start) ?? titleFrom(firstText(messages));
  if (title) c.title = title;
  if (b.times.first) c.startedAt = b.times.first;
  if (b.times.last) c.endedAt = b.times.last;
  const usage = settingsUsage(obj(settings?.tokenUsage)) ?? b.usage();
  if (usage) c.usage = usage;
  const parent = str(start.callingSessionId);
  if (parent) {
    c.parentId = conversationId('factory-droid', parent);
    c.relation = 'subagent';
    const call = str(start.callingToolUseId);
    if (call) c.parentToolCallId = call;
  }
  return c;
}

const PLACEHOLDER = /^new session$/i;

/**
 * `/rename` sets `isSessionTitleManuallySet` (the name is in `sessionTitle` and/or `title`);
 * otherwise Droid's auto-titler fills `title`. "New Session" is only the placeholder.
 */
function droidTitle(start: Json): string | undefined {
  const candidates = start.isSessionTitleManuallySet === true ? [start.sessionTitle, start.title] : [start.title, start.sessionTitle];
  for (const c of candidates) {
    const t = str(c)?.trim();
    if (t && !PLACEHOLDER.test(t)) return titleFrom(t);
  }
  return undefined;
}

/** The sidecar sits next to the session: `<id>.jsonl` → `<id>.settings.json`. It holds no secrets. */
async function readSettings(filePath: string): Promise<Json | undefined> {
  if (!filePath.endsWith('.jsonl')) return undefined;
  try {
    const parsed: unknown = parseJson(await readFile(`${filePath.slice(0, -'.jsonl'.length)}.settings.json`, 'utf8'));
    return obj(parsed);
  } catch {
    return undefined; // absent (older versions, copies) or unreadable: the transcript stands alone
  }
}

/** Settings `tokenUsage`: input is already net of the cache, as the record wants it. */
function settingsUsage(u: Json | undefined): Usage | undefined {
  if (!u) return undefined;
  const usage: Usage = {};
  if (num(u.inputTokens) !== undefined) usage.inputTokens = num(u.inputTokens);
  if (num(u.outputTokens) !== undefined) usage.outputTokens = num(u.outputTokens);
  if (num(u.cacheReadTokens) !== undefined) usage.cacheReadTokens = num(u.cacheReadTokens);
  if (num(u.cacheCreationTokens) !== undefined) usage.cacheWriteTokens = num(u.cacheCreationTokens);
  if (num(u.thinkingTokens) !== undefined) usage.reasoningTokens = num(u.thinkingTokens);
  return Object.keys(usage).length ? usage : undefined;
}

function firstText(messages: Message[]): string | undefined {
  const m = messages.find((x) => x.role === 'user');
  return m?.parts.map((p: Part) => (p.type === 'text' ? p.content : '')).join('');
}

function idFromPath(filePath: string): string {
  const base = filePath.split(/[\\/]/).pop() ?? filePath;
  return base.replace(/\.jsonl$/i, '');
}
