/**
 * Parses one Qwen Code file. Since v0.3 (Nov 2025) sessions are JSONL ChatRecords in
 * `~/.qwen/projects/<sanitized cwd>/chats/<sessionId>.jsonl` (records.ts). Before that, Qwen
 * Code kept Gemini CLI's layout and format (`~/.qwen/tmp/<project hash>/chats/session-*.json`,
 * `logs.json`), read here with the Gemini CLI parser.
 */
import type { Conversation } from '../../../../shared/record';
import { forEachJsonRecord } from '../kit/json-lines';
import { parseLogs } from '../kit/gemini-family/logs';
import { isLogsFile, parseChatFile } from '../kit/gemini-family/chat-files';
import type { ParseContext } from '../kit/provider';
import { QwenBuilder } from './builder';
import { qwenHasChat } from './locate';

export async function parseQwenFile(ctx: ParseContext): Promise<Conversation[]> {
  if (isLogsFile(ctx.path)) return parseLogs(ctx, 'qwen-code', qwenHasChat(ctx.path));
  if (/\.json$/i.test(ctx.path)) return parseChatFile(ctx, 'qwen-code');
  return parseChatRecords(ctx);
}

async function parseChatRecords(ctx: ParseContext): Promise<Conversation[]> {
  const b = new QwenBuilder(ctx);
  const sawLine = await forEachJsonRecord(ctx, (lineNo, message) => b.warn(lineNo, message), (record, { lineNo, raw }) => b.add({ record, raw, lineNo }));
  return sawLine ? b.finish() : [];
}
