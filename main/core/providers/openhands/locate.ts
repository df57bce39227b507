/**
 * Finds OpenHands conversations (the V1 CLI on the software-agent-sdk) under one home:
 * `~/.openhands/conversations/<conversation id hex>/base_state.json`, one per conversation
 * (openhands_cli/locations.py; `$OPENHANDS_CONVERSATIONS_DIR`, `$OPENHANDS_PERSISTENCE_DIR`
 * when the home is this user's own). The state file is the one returned: the SDK rewrites it
 * with every event it appends (its `leaf_event_id` moves), so a changed conversation is a
 * changed file; the events beside it in `events/` are read by the parser. The legacy V0 file
 * store, `~/.openhands/sessions/<sid>/` (legacy.ts), is found the same way by its metadata.json.
 * Nothing else in `~/.openhands` is opened (`agent_settings.json` holds the LLM key).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';
import { V0_METADATA } from './legacy';
import { V0_EVENT_NAME } from './events';

export const OPENHANDS_FOLDERS = ['.openhands/conversations', '.openhands/sessions'];
export const BASE_STATE = 'base_state.json';

export async function locateOpenHands(home: string): Promise<string[]> {
  const [conversations, sessions] = OPENHANDS_FOLDERS;
  const legacy = await gather(homeFolders(home, [sessions]), async (root) => {
    const found: string[] = [];
    for (const session of await subfolders(root)) found.push(...(await legacyAnchor(session)));
    return found;
  });
  const roots = [
    ...homeFolders(home, [conversations]),
    ...ownEnvRoots(home, process.env.OPENHANDS_CONVERSATIONS_DIR),
    ...ownEnvRoots(home, process.env.OPENHANDS_PERSISTENCE_DIR).map((dir) => path.join(dir, 'conversations')),
  ];
  const found = gather(roots, async (root) => {
    const found: string[] = [];
    for (const conversation of await subfolders(root)) found.push(...(await filesIn(conversation, BASE_STATE)));
    return found;
  });
  return [...(await found), ...legacy];
}

/**
 * The file a V0 session is tracked by: its `metadata.json`, which the server rewrites with each
 * event (`last_updated_at`); else (a session without one) its first event file.
 */
async function legacyAnchor(session: string): Promise<string[]> {
  const meta = await filesIn(session, V0_METADATA);
  if (meta.length) return meta;
  const events = await filesIn(path.join(session, 'events'), V0_EVENT_NAME);
  const first = events.sort((a, b) => eventIndex(a) - eventIndex(b))[0];
  return first ? [first] : [];
}

function eventIndex(file: string): number {
  return Number(V0_EVENT_NAME.exec(path.basename(file))![1]);
}
