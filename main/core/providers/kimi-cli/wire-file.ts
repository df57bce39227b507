/**
 * A kimi-code agent journal as a conversation. The session's `state.json` (agent-core-v2
 * session/sessionMetadata/sessionMetadata.ts: `{id, title, titleKind, cwd, createdAt,
 * updatedAt, agents: {<id>: {type: main|sub|independent, parentAgentId}}}`) gives the title,
 * work dir and which agent started which. `agents/main` is the session itself; every other
 * agent is a subagent conversation whose parent is the agent that started it (else main).
 */
import path from 'node:path';
import type { Conversation } from '../../../../shared/record';
import { conversationId, subConversationId } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import type { Identity } from './builder';
import { isoFromEpoch, obj, str } from '../kit/json';
import { readJson } from './meta';
import type { KimiFile } from './names';
import { readWire } from './wire';

type WireFile = Extract<KimiFile, { format: 'wire' }>;

export async function parseWireFile(ctx: ParseContext, file: WireFile): Promise<Conversation[]> {
  const s = await readWire(ctx);
  if (!s.sawLine) return [];
  const state = await readJson(path.join(file.sessionDir, 'state.json'));
  const sid = str(state?.id) ?? file.sessionId;
  const agent = obj(obj(state?.agents)?.[file.agentId]);
  const isMain = file.agentId === 'main' || str(agent?.type) === 'main';
  const id: Identity = isMain
    ? { id: conversationId('kimi-cli', sid), nativeId: sid }
    : { id: subConversationId('kimi-cli', sid, file.agentId), nativeId: `${sid}.${file.agentId}` };
  if (isMain) {
    id.title = str(state?.title);
  } else {
    // Independent agents are the person's own side conversations, not tasks from a parent.
    if (str(agent?.type) !== 'independent') s.b.markSubagentTask();
    const parent = str(agent?.parentAgentId);
    id.parentId = !parent || parent === 'main' ? conversationId('kimi-cli', sid) : subConversationId('kimi-cli', sid, parent);
  }
  id.cwd = str(state?.cwd) ?? s.cwd;
  const created = isoFromEpoch(state?.createdAt);
  if (isMain && created) id.startedAt = created;
  return [s.b.finish(id)];
}
