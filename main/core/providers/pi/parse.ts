/**
 * Parses one Pi session (badlogic/pi-mono packages/coding-agent, and its fork oh-my-pi):
 * `~/.pi/agent/sessions/--<cwd>--/<timestamp>_<id>.jsonl`, in the Pi session format the kit
 * reads (kit/pi-family). README.md maps the entries.
 */
import type { Conversation } from '../../../../shared/record';
import { parsePiFamilySession } from '../kit/pi-family/session';
import type { ParseContext } from '../kit/provider';

export function parsePiSession(ctx: ParseContext): Promise<Conversation[]> {
  return parsePiFamilySession(ctx, { agent: 'pi', label: 'Pi' });
}
