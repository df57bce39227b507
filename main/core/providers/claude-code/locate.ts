/**
 * Finds Claude Code session files under one home. Only `projects/` is ever listed: the config
 * directory next to it holds credentials (`.credentials.json`) that must never be opened.
 */
import path from 'node:path';
import { filesIn, filesUnder, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

/** The default config dir and the XDG one ($CLAUDE_CONFIG_DIR too, when `home` is this user's). */
export const CLAUDE_FOLDERS = ['.claude/projects', '.config/claude/projects'];
const JSONL = /\.jsonl$/;
/** A subagent transcript; `journal.jsonl` beside workflow agents is the workflow's step log, not a conversation. */
const AGENT_JSONL = /^agent-.*\.jsonl$/;
/** `subagents/workflows/<run>/agent-*.jsonl` is two levels below `subagents/`; one more for headroom. */
const NESTED_DEPTH = 3;

/**
 * `~/.claude/projects/<encoded-cwd>/<session>.jsonl`, older `agent-*.jsonl` subagent files
 * beside them, newer `<session>/subagents/agent-*.jsonl`, and the agents of workflow runs in
 * `<session>/subagents/workflows/<run>/` (and `<session>/workflows/`, should a build put them there).
 */
export async function locateClaudeCode(home: string): Promise<string[]> {
  const roots = [...homeFolders(home, CLAUDE_FOLDERS), ...ownEnvRoots(home, process.env.CLAUDE_CONFIG_DIR).map((dir) => path.join(dir, 'projects'))];
  return gather(roots, async (root) => {
    const found: string[] = [];
    for (const project of await subfolders(root)) {
      found.push(...(await filesIn(project, JSONL)));
      for (const session of await subfolders(project)) found.push(...(await subagentFiles(session)));
    }
    return found;
  });
}

async function subagentFiles(session: string): Promise<string[]> {
  const subagents = path.join(session, 'subagents');
  const found = await filesIn(subagents, JSONL);
  for (const folder of [...(await subfolders(subagents)), path.join(session, 'workflows')]) {
    found.push(...(await filesUnder(folder, AGENT_JSONL, NESTED_DEPTH)));
  }
  return found;
}

/**
 * Files Claude Code writes beside its sessions that the parser reads with one: a subagent's
 * `agent-*.meta.json`, a saved large output in `<session>/tool-results/`, a workflow run's
 * `journal.jsonl` (its step log).
 */
export function isClaudeCompanion(filePath: string): boolean {
  const name = path.basename(filePath);
  const folder = path.basename(path.dirname(filePath));
  if (folder === 'tool-results') return true;
  const inSubagents = path.dirname(filePath).split(path.sep).includes('subagents');
  return inSubagents && ((name.startsWith('agent-') && name.endsWith('.meta.json')) || name === 'journal.jsonl');
}
