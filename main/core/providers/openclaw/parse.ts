/**
 * Parses one OpenClaw transcript: the Pi session format (kit/pi-family), titled by the
 * session's `/name` if any, else the chat's name in `sessions.json`, else the first prompt.
 */
import type { Conversation } from '../../../../shared/record';
import { parsePiFamilySession } from '../kit/pi-family/session';
import type { ParseContext } from '../kit/provider';
import { displayName } from './sessions-index';

export function parseOpenClaw(ctx: ParseContext): Promise<Conversation[]> {
  return parsePiFamilySession(ctx, { agent: 'openclaw', label: 'OpenClaw', titleOutside: (id) => displayName(ctx.path, id) });
}
