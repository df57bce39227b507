/** How to reopen a Grok CLI session: `grok --resume <session id>` in its working directory. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  if (conversation.parentId) return undefined; // subagent sessions are not resumed on their own
  const id = conversation.nativeId;
  if (!id) return undefined;
  const arg = PLAIN_ID.test(id) ? id : `'${id.replace(/'/g, `'\\''`)}'`;
  return conversation.cwd ? { command: `grok --resume ${arg}`, cwd: conversation.cwd } : { command: `grok --resume ${arg}` };
}
