/**
 * VS Code has no command that reopens one chat: the chat lives in its window's history
 * (Chat: Show Chats…). Nothing to offer beyond the folder, so no command.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(_conversation: Conversation): ResumeCommand | undefined {
  return undefined;
}
