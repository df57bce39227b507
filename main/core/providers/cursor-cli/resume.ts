/**
 * How to reopen a Cursor CLI chat: `cursor-agent --resume <chatId>`. The CLI lists and resumes
 * the chats of the current directory, so the cwd matters; without one the command is still given.
 */
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';

export function resumeCursor(conversation: Conversation): ResumeCommand | undefined {
  if (conversation.parentId !== undefined) return undefined;
  // Cursor's own chat id: a transcript's file name (the native id may carry a path digest).
  const chatId = conversation.sourcePath.toLowerCase().endsWith('.jsonl') ? path.basename(conversation.sourcePath).replace(/\.jsonl$/i, '') : conversation.nativeId;
  if (!/^[A-Za-z0-9._-]+$/.test(chatId)) return undefined;
  const command = `cursor-agent --resume ${chatId}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
