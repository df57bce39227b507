/**
 * Finds OpenClaw transcripts under one home: `~/.openclaw/agents/<agentId>/sessions/
 * <sessionId>.jsonl` (Telegram topics `<sessionId>-topic-<threadId>.jsonl`) and the archives a
 * reset leaves, `<sessionId>.jsonl.reset.<time>` (docs/reference/session-management-
 * compaction.md). Profiles keep their state in `~/.openclaw-<name>` (`--dev`: `~/.openclaw-dev`),
 * and `$OPENCLAW_STATE_DIR` moves it for the user's own home. `sessions.json` beside the
 * transcripts is read by the parser for titles; compaction checkpoints
 * (`….checkpoint.….jsonl`) repeat a transcript and are left. Nothing else is opened
 * (`openclaw.json`, `credentials/`, `auth-profiles.json` hold tokens and keys).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

export const OPENCLAW_FOLDERS = ['.openclaw/agents', '.openclaw-dev/agents'];
const TRANSCRIPT = /^[^.]+\.jsonl(\.reset\.[^\\/]+)?$/;

export async function locateOpenClaw(home: string): Promise<string[]> {
  const profiles = (await subfolders(home)).filter((dir) => /^\.openclaw-[\w.-]+$/.test(path.basename(dir))).map((dir) => path.join(dir, 'agents'));
  const roots = [...homeFolders(home, OPENCLAW_FOLDERS), ...profiles, ...ownEnvRoots(home, process.env.OPENCLAW_STATE_DIR).map((dir) => path.join(dir, 'agents'))];
  return gather(roots, async (agents) => {
    const found: string[] = [];
    for (const agent of await subfolders(agents)) found.push(...(await filesIn(path.join(agent, 'sessions'), TRANSCRIPT)));
    return found;
  });
}
