/**
 * Zed has no command that reopens one agent thread (threads are opened from the agent panel's
 * history), so there is no command to offer.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(_conversation: Conversation): ResumeCommand | undefined {
  return undefined;
}
