/**
 * One conversation of the legacy V0 file store (OpenHands ≤ 0.x server and CLI; All-Hands-AI/
 * OpenHands openhands/storage/locations.py): `~/.openhands/sessions/<sid>/metadata.json`
 * (`ConversationMetadata`: conversation_id, title, created_at, last_updated_at, llm_model,
 * selected_repository, …) and `events/<id>.json`, one event each (legacy-messages.ts).
 * `event_cache/` pages repeat the events and are not read.
 */
import path from 'node:path';
import type { Conversation, ParseWarning } from '../../../../shared/record';
import { seedConversation, titleFrom } from '../kit/identity';
import { str, type Json } from '../kit/json';
import type { ParseContext } from '../kit/provider';
import { readEvents, readSessionObject, V0_EVENT_NAME } from './events';
import { legacyEventMessages } from './legacy-messages';

export const V0_METADATA = 'metadata.json';

/** The session folder of a located V0 file: `<sid>/metadata.json`, or `<sid>/events/<first id>.json` when it has none. */
export function legacySessionDir(filePath: string): string {
  const dir = path.dirname(filePath);
  return path.basename(filePath) === V0_METADATA ? dir : path.dirname(dir);
}

export async function parseOpenHandsLegacy(ctx: ParseContext): Promise<Conversation[]> {
  const warnings: ParseWarning[] = [];
  const dir = legacySessionDir(ctx.path);
  const meta: Json = path.basename(ctx.path) === V0_METADATA ? await readSessionObject(ctx, V0_METADATA, warnings) : {};
  const events = await readEvents(dir, warnings, V0_EVENT_NAME);
  if (!events.length && !Object.keys(meta).length) return [];
  const model = str(meta.llm_model);
  const { messages, firstPrompt, unknown } = legacyEventMessages(events, model);
  if (unknown.size) warnings.push({ message: `Unknown OpenHands event types kept as generic messages: ${[...unknown].sort().join(', ')}` });
  const times = events.map((e) => str(e.event.timestamp)).filter((t): t is string => !!t);
  const title = str(meta.title)?.trim() ? titleFrom(str(meta.title)) : titleFrom(firstPrompt);
  return [
    seedConversation(
      { agent: 'openhands', nativeId: str(meta.conversation_id) ?? path.basename(dir), ctx, models: model ? [model] : [], warnings, messages },
      { title, startedAt: str(meta.created_at) ?? times[0], endedAt: str(meta.last_updated_at) ?? times.at(-1) },
    ),
  ];
}
