/**
 * Cline has no command line to reopen a task: it is resumed from the extension's task
 * history inside the editor, so there is no resume command.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(_conversation: Conversation): ResumeCommand | undefined {
  return undefined;
}
