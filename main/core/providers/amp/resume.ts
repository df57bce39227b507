/** How to reopen an Amp thread: `amp threads continue <T-id>` in its working directory. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const THREAD_ID = /^T-[0-9A-Za-z-]+$/;

/** Subagent streams are part of their parent's thread and cannot be continued alone. */
export function resumeAmp(conversation: Conversation): ResumeCommand | undefined {
  if (conversation.parentId !== undefined || !THREAD_ID.test(conversation.nativeId)) return undefined;
  const command = `amp threads continue ${conversation.nativeId}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
