/**
 * Finds Claude Code session files under one home. Only `projects/` is ever listed: the config
 * directory next to it holds credentials (`.credentials.json`) that must never be opened.
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

/** The default config dir and the XDG one ($CLAUDE_CONFIG_DIR too, when `home` is this user's). */
export const CLAUDE_FOLDERS = ['.claude/projects', '.config/claude/projects'];
const JSONL = /\.jsonl$/;

/**
 * `~/.claude/projects/<encoded-cwd>/<session>.jsonl`, older `agent-*.jsonl` subagent files
 * beside them, and newer `<session>/subagents/agent-*.jsonl`.
 */
export async function locateClaudeCode(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, CLAUDE_FOLDERS), ...ownEnvRoots(home, process.env.CLAUDE_CONFIG_DIR).map((dir) => path.join(dir, 'projects'))];
  return gather(roots, async (root) => {
    const found: string[] = [];
    for (const project of await subfolders(root)) {
      found.push(...(await filesIn(project, JSONL)));
      for (const session of await subfolders(project)) found.push(...(await filesIn(path.join(session, 'subagents'), JSONL)));
    }
    return found;
  });
}
