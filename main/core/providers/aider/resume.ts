/**
 * Aider reopens a repo's last chat with `aider --restore-chat-history`, run in the repo that
 * holds the history file (it replays the whole file, not one session).
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  return conversation.cwd ? { command: 'aider --restore-chat-history', cwd: conversation.cwd } : { command: 'aider --restore-chat-history' };
}
