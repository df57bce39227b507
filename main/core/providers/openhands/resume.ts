/** How to reopen an OpenHands CLI conversation: `openhands --resume <id>` in its workspace. */
import type { Conversation } from '../../../../shared/record';
import type { ResumeCommand } from '../kit/provider';
import path from 'node:path';
import { V0_METADATA } from './legacy';

const PLAIN_ID = /^[A-Za-z0-9-]+$/;

export function resumeCommand(conversation: Conversation): ResumeCommand | undefined {
  // A V0 session (`sessions/<sid>/`) is not one the V1 CLI can resume.
  if (path.basename(path.dirname(conversation.sourcePath)) === 'events' || path.basename(conversation.sourcePath) === V0_METADATA) return undefined;
  const id = conversation.nativeId;
  if (!id || !PLAIN_ID.test(id)) return undefined;
  const command = `openhands --resume ${id}`;
  return conversation.cwd ? { command, cwd: conversation.cwd } : { command };
}
