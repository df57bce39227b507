/** How to reopen a Hermes CLI session: `hermes --resume <session id>` (sessions from chat platforms continue there). */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (conversation.parentId || !PLAIN_ID.test(id)) return undefined;
  return conversation.cwd ? { command: `hermes --resume ${id}`, cwd: conversation.cwd } : { command: `hermes --resume ${id}` };
}
