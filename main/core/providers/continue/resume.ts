/**
 * Continue sessions are reopened from the extension's history view, not from a command; the
 * `cn` CLI resumes only its latest session (`cn --resume`), so no command names this one.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(_conversation: Conversation): ResumeCommand | undefined {
  return undefined;
}
