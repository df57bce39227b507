/**
 * A kimi-code agent journal as a conversation. The session's `state.json` (agent-core-v2
 * session/sessionMetadata/sessionMetadata.ts: `{id, title, titleKind, cwd, createdAt,
 * updatedAt, agents: {<id>: {type: main|sub|independent, parentAgentId, forkedFrom}}}`) gives
 * the title, work dir and which agent started which. `agents/main` is the session itself. An
 * agent forked from another (`forkedFrom`: the `/btw` side question is `fork('main')`,
 * session/btw/btwService.ts) or one of the person's own `independent` agents is a fork of the
 * agent it came from; every other agent is a subagent of the agent that started it (else main).
 */
import path from 'node:path';
import type { Conversation, Message } from '../../../../shared/record';
import { conversationId, subConversationId } from '../kit/identity';
import type { ParseContext } from '../kit/provider';
import type { Identity } from './builder';
import { isoFromEpoch, obj, str } from '../kit/json';
import { readJson } from './meta';
import type { KimiFile } from './names';
import { readWire, type WireState } from './wire';

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
  const agentConversation = (agentId: string | undefined) => (!agentId || agentId === 'main' ? conversationId('kimi-cli', sid) : subConversationId('kimi-cli', sid, agentId));
  if (isMain) {
    id.title = str(state?.title);
  } else {
    const forkedFrom = str(agent?.forkedFrom);
    // The person's own side conversations (forks, independent agents): their prompts are typed, not a parent's task.
    if (forkedFrom || str(agent?.type) === 'independent') id.relation = 'fork';
    else s.b.markSubagentTask();
    id.parentId = agentConversation(forkedFrom ?? str(agent?.parentAgentId));
    if (forkedFrom) foldInherited(s, id.parentId);
  }
  id.cwd = str(state?.cwd) ?? s.cwd;
  const created = isoFromEpoch(state?.createdAt);
  if (isMain && created) id.startedAt = created;
  return [s.b.finish(id)];
}

/**
 * A fork's journal opens with the history it copied from its source (agentLifecycleService
 * `fork`: the source's messages appended to the child's context): one `fork-point` message
 * holds them (every record in its native), so each prompt and answer is counted once, in the
 * conversation it was typed in.
 */
function foldInherited(s: WireState, parentId: string): void {
  const count = s.beforeFirstTurn ?? s.b.messages.length;
  if (count === 0) return;
  const inherited: Message[] = s.b.messages.splice(0, count);
  const first = inherited[0];
  const point: Message = {
    id: first.id,
    role: 'system',
    kind: 'fork-point',
    parts: [
      { type: 'text', content: `Forked from ${parentId}, starting from its history (${count} message${count === 1 ? '' : 's'}, kept here).` },
      { type: 'generic', kind: 'forked-from', content: parentId },
    ],
    native: inherited.map((m) => m.native).join('\n'),
    source: 0,
  };
  if (first.timestamp) point.timestamp = first.timestamp;
  s.b.messages.unshift(point);
}
