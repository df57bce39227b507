/**
 * The files beside a Grok CLI session's chat_history.jsonl that describe it:
 * `summary.json` ({info:{id, cwd}, generated_title, session_summary, created_at, updated_at,
 * current_model_id, head_branch, session_kind, …}) and `system_prompt.txt`. Both optional.
 * The session folder sits under `sessions/<url-encoded cwd>/`, and a subagent's under its
 * parent's `subagents/` folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isObject, str } from '../kit/json';
import { parseJson } from '../kit/parse-json';

export interface SessionInfo {
  id?: string;
  cwd?: string;
  title?: string;
  createdAt?: string;
  updatedAt?: string;
  model?: string;
  gitBranch?: string;
  isSubagent: boolean;
  parentId?: string;
  systemPrompt?: string;
}

export async function readSessionInfo(historyPath: string): Promise<SessionInfo> {
  const dir = path.dirname(historyPath);
  const info: SessionInfo = { isSubagent: false };
  const summary = await readJson(path.join(dir, 'summary.json'));
  if (isObject(summary)) {
    const i = isObject(summary.info) ? summary.info : {};
    info.id = str(i.id) ?? str(summary.id);
    info.cwd = str(i.cwd) ?? str(summary.cwd);
    info.title = str(summary.generated_title) ?? str(summary.title) ?? str(summary.session_summary);
    info.createdAt = str(summary.created_at);
    info.updatedAt = str(summary.last_active_at) ?? str(summary.updated_at);
    info.model = str(summary.current_model_id);
    info.gitBranch = str(summary.head_branch);
    info.isSubagent = summary.session_kind === 'subagent';
    info.parentId = str(i.parent_session_id) ?? str(summary.parent_session_id) ?? str(summary.parent_id);
  }
  // `<parent>/subagents/<child>/chat_history.jsonl`: the folder names the parent.
  const parentDir = path.dirname(dir);
  if (path.basename(parentDir) === 'subagents') {
    info.isSubagent = true;
    info.parentId ??= path.basename(path.dirname(parentDir));
  }
  info.cwd ??= decodeCwd(path.basename(info.isSubagent && path.basename(parentDir) === 'subagents' ? path.dirname(path.dirname(parentDir)) : parentDir));
  try {
    info.systemPrompt = await readFile(path.join(dir, 'system_prompt.txt'), 'utf8');
  } catch {
    // absent: the history's own system item (if any) is all there is
  }
  return info;
}

/** `%2Fhome%2Fme%2Fproj` → `/home/me/proj`; a name that is not an encoded path → undefined. */
export function decodeCwd(name: string): string | undefined {
  if (!name.includes('%')) return undefined;
  try {
    const decoded = decodeURIComponent(name);
    return /^([/\\]|[A-Za-z]:[/\\])/.test(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

async function readJson(file: string): Promise<unknown> {
  try {
    return parseJson(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}
