/**
 * Finds OpenHands conversations (the V1 CLI on the software-agent-sdk) under one home:
 * `~/.openhands/conversations/<conversation id hex>/base_state.json`, one per conversation
 * (openhands_cli/locations.py; `$OPENHANDS_CONVERSATIONS_DIR`, `$OPENHANDS_PERSISTENCE_DIR`
 * when the home is this user's own). The state file is the one returned: the SDK rewrites it
 * with every event it appends (its `leaf_event_id` moves), so a changed conversation is a
 * changed file; the events beside it in `events/` are read by the parser. Nothing else in
 * `~/.openhands` is opened (`agent_settings.json` holds the LLM key).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const OPENHANDS_FOLDERS = ['.openhands/conversations'];
export const BASE_STATE = 'base_state.json';

export async function locateOpenHands(home: string): Promise<string[]> {
  const roots = [
    ...homeFolders(home, OPENHANDS_FOLDERS),
    ...ownEnvRoots(home, process.env.OPENHANDS_CONVERSATIONS_DIR),
    ...ownEnvRoots(home, process.env.OPENHANDS_PERSISTENCE_DIR).map((dir) => path.join(dir, 'conversations')),
  ];
  return gather(roots, async (root) => {
    const found: string[] = [];
    for (const conversation of await subfolders(root)) found.push(...(await filesIn(conversation, BASE_STATE)));
    return found;
  });
}
