/**
 * How to reopen a Gemini CLI conversation: `gemini --resume <session id>` in the project
 * directory (the CLI lists and resumes the sessions of the current project only; `--resume`
 * takes "latest", an index, or a session uuid: packages/cli/src/config/config.ts). Subagent
 * chats and prompts-only conversations (no chat file) cannot be resumed.
 */
import type { AgentId } from '../../../../../shared/agents';
import type { Conversation } from '../../../../../shared/record';
import { conversationId, hostIdOf } from '../identity';
import type { ResumeCommand } from '../provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeWith(binary: string, agent: AgentId, conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id || conversation.parentId !== undefined) return undefined;
  if (hostIdOf(conversation.id) !== conversationId(agent, id)) return undefined; // prompts-only from logs.json
  const arg = PLAIN_ID.test(id) ? id : `'${id.replace(/'/g, `'\\''`)}'`;
  const command = `${binary} --resume ${arg}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
