/** How to reopen an OpenCode session: `opencode --session <id>` in the session's directory. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id) return undefined;
  const arg = PLAIN_ID.test(id) ? id : `'${id.replace(/'/g, `'\\''`)}'`;
  const command = `opencode --session ${arg}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
