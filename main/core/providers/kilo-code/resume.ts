/** How to reopen a Kilo Code session: `kilo --session <id>` in the session's directory (the OpenCode flag Kilo CLI keeps). */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id || !PLAIN_ID.test(id)) return undefined;
  const command = `kilo --session ${id}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
