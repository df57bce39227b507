/** How to reopen an OpenHands CLI conversation: `openhands --resume <id>` in its workspace. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id || !PLAIN_ID.test(id)) return undefined;
  const command = `openhands --resume ${id}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
