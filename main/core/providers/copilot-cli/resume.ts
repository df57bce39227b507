/** How to reopen a Copilot CLI session: `copilot --resume <sessionId>` in its directory. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCopilot(conversation: Conversation): ResumeCommand | undefined {
  // Subagents live inside their parent's session; only the session itself can be resumed.
  if (conversation.parentId !== undefined) return undefined;
  if (!/^[A-Za-z0-9._-]+$/.test(conversation.nativeId)) return undefined;
  const command = `copilot --resume ${conversation.nativeId}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
