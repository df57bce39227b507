/** How to reopen a Codex conversation: `codex resume <session id>` in its working directory. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

/** Session ids are uuids; anything else is quoted so the command stays one argument. */
const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id) return undefined;
  const arg = PLAIN_ID.test(id) ? id : `'${id.replace(/'/g, `'\\''`)}'`;
  return conversation.cwd ? { command: `codex resume ${arg}`, cwd: conversation.cwd } : { command: `codex resume ${arg}` };
}
