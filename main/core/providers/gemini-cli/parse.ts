/**
 * Parses one Gemini CLI file: a chat (`chats/session-*.json` or `.jsonl`, or a subagent's
 * `chats/<parent id>/<id>.jsonl`) into one conversation, or the `logs.json` prompt history into
 * prompts-only conversations for sessions that have no chat file. See README.md.
 */
import type { Conversation } from '../../../../shared/record';
import { chatsBeside, isLogsFile, parseChatFile } from '../kit/gemini-family/chat-files';
import { parseLogs } from '../kit/gemini-family/logs';
import { projectRootOf } from '../kit/gemini-family/project';
import type { ParseContext } from '../kit/provider';

export async function parseGeminiFile(ctx: ParseContext): Promise<Conversation[]> {
  if (isLogsFile(ctx.path)) {
    return parseLogs(ctx, 'gemini-cli', chatsBeside(ctx.path), await projectRootOf(ctx.path));
  }
  return parseChatFile(ctx, 'gemini-cli');
}
