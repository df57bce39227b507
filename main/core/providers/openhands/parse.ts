/**
 * Parses one OpenHands conversation from its `base_state.json` (the SDK's `ConversationState`:
 * `{id, agent: {llm: {model, …}, …}, workspace: {working_dir}, …}`) and the event files beside
 * it. Only the id, model and working folder are taken from the state: it also holds the
 * agent's configuration (keys encrypted or masked), which is never kept. README.md has the format.
 */
import path from 'node:path';
import type { Conversation, ParseWarning } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import { obj, str } from '../kit/json';
import type { ParseContext } from '../kit/provider';
import { readEvents, readSessionObject } from './events';
import { eventMessages } from './messages';
import { parseOpenHandsLegacy } from './legacy';
import { BASE_STATE } from './locate';

export async function parseOpenHands(ctx: ParseContext): Promise<Conversation[]> {
  if (path.basename(ctx.path) !== BASE_STATE) return parseOpenHandsLegacy(ctx);
  const warnings: ParseWarning[] = [];
  const dir = path.dirname(ctx.path);
  const state = await readSessionObject(ctx, BASE_STATE, warnings);
  const events = await readEvents(dir, warnings);
  if (!events.length && !Object.keys(state).length) return [];
  const model = str(obj(obj(state.agent)?.llm)?.model);
  const { messages, firstPrompt, unknown } = eventMessages(events, model);
  if (unknown.size) warnings.push({ message: `Unknown OpenHands event kinds kept as generic messages: ${[...unknown].sort().join(', ')}` });
  const nativeId = (str(state.id) ?? path.basename(dir)).replace(/-/g, '');
  const times = events.map((e) => str(e.event.timestamp)).filter((t): t is string => !!t);
  return [
    seedConversation(
      { agent: 'openhands', nativeId, ctx, cwd: str(obj(state.workspace)?.working_dir), models: model ? [model] : [], warnings, messages },
      { title: titleFrom(firstPrompt), startedAt: times[0], endedAt: times.at(-1) },
    ),
  ];
}
