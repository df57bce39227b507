/**
 * How to reopen a Kimi session: `kimi --session <id>` in its work directory (kimi-cli ≥ 0.5x
 * and kimi-code both take `--session`; kimi-cli moves a legacy `<id>.jsonl` into the new
 * layout when it resumes it). Subagent transcripts and rotated contexts cannot be resumed.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN_ID = /^[A-Za-z0-9._-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const id = conversation.nativeId;
  if (!id || conversation.parentId || id.includes('.')) return undefined;
  const arg = PLAIN_ID.test(id) ? id : `'${id.replace(/'/g, `'\\''`)}'`;
  return conversation.cwd ? { command: `kimi --session ${arg}`, cwd: conversation.cwd } : { command: `kimi --session ${arg}` };
}
