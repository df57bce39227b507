/**
 * OpenClaw conversations live in its Gateway and continue from the chat they came from
 * (Telegram, Discord, the TUI…); no command reopens one transcript.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(_conversation: Conversation): ResumeCommand | undefined {
  return undefined;
}
