/** How to reopen a Claude Code session. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

/** `claude --resume <sessionId>` in the session's directory; subagents cannot be resumed alone. */
export function resumeClaudeCode(conversation: Conversation): ResumeCommand | undefined {
  if (conversation.parentId !== undefined) return undefined;
  if (!/^[A-Za-z0-9._-]+$/.test(conversation.nativeId)) return undefined;
  return { command: `claude --resume ${conversation.nativeId}`, cwd: conversation.cwd };
}
