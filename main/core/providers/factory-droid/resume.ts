/** How to reopen a Droid session: `droid --resume <sessionId>` in its directory. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeDroid(conversation: Conversation): ResumeCommand | undefined {
  if (!/^[A-Za-z0-9._-]+$/.test(conversation.nativeId)) return undefined;
  const command = `droid --resume ${conversation.nativeId}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
