/** How to reopen a Hermes CLI session: `hermes --resume <session id>` (sessions from chat platforms continue there). */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  // A subagent run is not resumed on its own; a compression continuation (also linked to its parent) is.
  const subagent = conversation.parentId !== undefined && conversation.messages.some((m) => m.kind === 'subagent-task');
  if (subagent || !PLAIN_ID.test(id)) return undefined;
  return conversation.cwd ? { command: `hermes --resume ${id}`, cwd: conversation.cwd } : { command: `hermes --resume ${id}` };
}
