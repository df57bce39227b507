/**
 * Finds Qwen Code files under a home (and, when the home is this user's own, `$QWEN_RUNTIME_DIR`
 * and `$QWEN_HOME`, which move the runtime folder in that order before `~/.qwen`:
 * Storage.getRuntimeBaseDir in packages/core/src/config/storage.ts):
 * - `.qwen/projects/<sanitized cwd>/chats/<sessionId>.jsonl` (v0.3+, Nov 2025 on), and
 *   `chats/<dir>/*.jsonl` one level down;
 * - `.qwen/tmp/<project hash>/chats/session-*.json` and `logs.json` (the Gemini CLI layout
 *   Qwen Code used before).
 * Never lists or opens oauth_creds.json, settings.json or anything else in `.qwen`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chatsBeside } from '../kit/gemini-family/chat-files';
import type { HasChat } from '../kit/gemini-family/logs';
import { tmpSessionFiles } from '../kit/gemini-family/tmp-layout';
import { filesUnder, gather, ownEnvRoots, subfolders } from '../kit/walk';

const PROJECTS = 'projects';
const TMP = 'tmp';
export const QWEN_FOLDERS = [`.qwen/${PROJECTS}`, `.qwen/${TMP}`];
const LEGACY_CHAT = /^session-.*\.json$/;
/**
 * A chat: `<sessionId>.jsonl`, not the prompt ledger a daemon session keeps beside it
 * (`<sessionId>.ledger.jsonl`: `{v, promptId, state | terminal, at}` lines, SessionService
 * getPromptLedgerPath).
 */
const CHAT = /^(?!.*\.ledger\.jsonl$).*\.jsonl$/;

export async function locateQwenFiles(home: string): Promise<string[]> {
  // Both variables, not only the one Qwen Code uses now: a session written while the other was set stays where it was written.
  const roots = [path.join(home, '.qwen'), ...ownEnvRoots(home, tilde(process.env.QWEN_RUNTIME_DIR, home), tilde(process.env.QWEN_HOME, home))];
  const projects = await gather(roots.map((root) => path.join(root, PROJECTS)), async (dir) => {
    const found: string[] = [];
    for (const project of await subfolders(dir)) found.push(...(await filesUnder(path.join(project, 'chats'), CHAT, 1)));
    return found;
  });
  const legacy = await gather(roots.map((root) => path.join(root, TMP)), (tmp) => tmpSessionFiles(tmp, LEGACY_CHAT));
  return [...new Set([...projects, ...legacy])].sort();
}

/** Qwen Code expands a leading `~` in these variables itself (resolvePath in its storage code). */
function tilde(value: string | undefined, home: string): string | undefined {
  return value && /^~(?=$|[\\/])/.test(value) ? path.join(home, value.slice(1)) : value;
}

/**
 * Sessions of a `.qwen/tmp/<hash>/logs.json` that still have a chat: a JSONL chat named by the
 * session id in any project, or a legacy chat beside the log.
 */
export function qwenHasChat(logsPath: string): HasChat {
  const root = path.dirname(path.dirname(path.dirname(logsPath)));
  const names = new Set<string>();
  const projectsDir = path.join(root, 'projects');
  for (const project of listSync(projectsDir)) {
    for (const name of listSync(path.join(projectsDir, project, 'chats'))) names.add(name);
  }
  const legacy = chatsBeside(logsPath);
  return (sessionId) => names.has(`${sessionId}.jsonl`) || legacy(sessionId);
}

function listSync(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
