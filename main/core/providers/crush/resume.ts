/**
 * How to reopen a Crush session: `crush --session <id>` in the project (the flag of
 * `internal/cmd/root.go`); agent-tool child sessions (`<message>$$<call>`) are not resumed alone.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (conversation.parentId || !id || !PLAIN_ID.test(id)) return undefined;
  const command = `crush --session ${id}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
