/**
 * How to reopen a Cursor CLI chat: `cursor-agent --resume <chatId>`. The CLI lists and resumes
 * the chats of the current directory, so the cwd matters; without one the command is still given.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../provider';

export function resumeCursor(conversation: Conversation): ResumeCommand | undefined {
  if (conversation.parentId !== undefined) return undefined;
  if (!/^[A-Za-z0-9._-]+$/.test(conversation.nativeId)) return undefined;
  const command = `cursor-agent --resume ${conversation.nativeId}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
