/**
 * The files of the Gemini chat format, shared by Gemini CLI and Qwen Code's pre-JSONL
 * sessions: a chat file becomes one conversation; a `logs.json` beside chats tells which of its
 * sessions still have one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AgentId } from '../../../../../shared/agents';
import type { Conversation } from '../../../../../shared/record';
import { str } from '../json';
import type { ParseContext } from '../provider';
import { buildConversation } from './build';
import { addLoggedCommands } from './logged-commands';
import type { HasChat } from './logs';
import { projectDirOf, projectRootOf } from './project';
import { readChat } from './read';

/** A Gemini-format chat file, for Gemini CLI and for Qwen Code's pre-JSONL sessions. */
export async function parseChatFile(ctx: ParseContext, agent: AgentId): Promise<Conversation[]> {
  const read = await readChat(ctx);
  if (!read) return [];
  const cwd = await projectRootOf(ctx.path, str(read.state.meta.projectHash));
  const conversation = buildConversation({ agent, ctx, state: read.state, warnings: read.warnings, cwd });
  await addLoggedCommands(ctx, conversation);
  return [conversation];
}

export function isLogsFile(filePath: string): boolean {
  return path.basename(filePath) === 'logs.json';
}

const SESSION_FILE = /^session-.*-([0-9a-f]{8})\.jsonl?$/i;

/**
 * The sessions that have a chat file next to a logs.json: chat names end in the first 8
 * characters of the session id; subagent folders are named by the parent's full id.
 */
export function chatsBeside(logsPath: string): HasChat {
  const projectDir = projectDirOf(logsPath);
  const shortIds = new Set<string>();
  const fullIds = new Set<string>();
  if (projectDir) {
    try {
      for (const entry of readdirSync(path.join(projectDir, 'chats'), { withFileTypes: true })) {
        if (entry.isDirectory()) fullIds.add(entry.name);
        const match = SESSION_FILE.exec(entry.name);
        if (match && entry.isFile()) shortIds.add(match[1].toLowerCase());
      }
    } catch {
      // no chats folder: every session of the log is prompts-only
    }
  }
  return (sessionId) => fullIds.has(sessionId) || shortIds.has(sessionId.slice(0, 8).toLowerCase());
}
