/** How to reopen an Antigravity CLI conversation: `agy --conversation <id>` in its workspace. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id || !PLAIN_ID.test(id)) return undefined;
  const command = `agy --conversation ${id}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
