/** How to reopen a Gemini CLI conversation (see the Gemini family's resume.ts). */
import type { Conversation } from '../../../../shared/record';
import { resumeWith } from '../kit/gemini-family/resume';
import type { ResumeCommand } from '../kit/provider';

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  return resumeWith('gemini', 'gemini-cli', conversation);
}
