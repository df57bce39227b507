/**
 * How to reopen a Pi session: `pi --session <file>` in its folder (packages/coding-agent/src/
 * cli/args.ts). oh-my-pi's command line was not checked, so its sessions get no command.
 */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

const PLAIN = /^[A-Za-z0-9._/+-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  const file = conversation.sourcePath;
  if (!file || /[\\/]\.omp[\\/]/.test(file)) return undefined;
  const arg = PLAIN.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
  const command = `pi --session ${arg}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
