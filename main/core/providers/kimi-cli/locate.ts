/**
 * Finds Kimi transcripts under a home:
 *   kimi-cli   `<home>/.kimi` (or `$KIMI_SHARE_DIR`) `sessions/<md5(work dir)>/`:
 *              `<sid>.jsonl` and `<sid>_*.jsonl` (legacy flat layout), `<sid>/context.jsonl`,
 *              `<sid>/context_<N>.jsonl`, subagents `<sid>/context_<name>_<N>.jsonl` and
 *              `<sid>/subagents/<agent>/context.jsonl`
 *   kimi-code  `<home>/.kimi-code` (or `$KIMI_CODE_HOME`) `sessions/<wd>/<sid>/agents/<agent>/wire.jsonl`
 * The env overrides count only when the home is this user's own. Nothing else is opened
 * (`config.toml` and `credentials/` hold API keys).
 */
import path from 'node:path';
import { filesIn, gather, homeFolders, ownEnvRoots, subfolders } from '../kit/walk';

const CLI_SESSIONS = '.kimi/sessions';
const CODE_SESSIONS = '.kimi-code/sessions';
export const KIMI_FOLDERS = [CLI_SESSIONS, CODE_SESSIONS];
const CONTEXT = /^context(_.+)?\.jsonl$/;

export async function locateKimi(home: string): Promise<string[]> {
  const sessions = (dirs: string[]) => dirs.map((dir) => path.join(dir, 'sessions'));
  const cli = await gather([...homeFolders(home, [CLI_SESSIONS]), ...sessions(ownEnvRoots(home, process.env.KIMI_SHARE_DIR))], kimiCli);
  const code = await gather([...homeFolders(home, [CODE_SESSIONS]), ...sessions(ownEnvRoots(home, process.env.KIMI_CODE_HOME))], kimiCode);
  return [...new Set([...cli, ...code])].sort();
}

async function kimiCli(sessions: string): Promise<string[]> {
  const found: string[] = [];
  for (const wd of await subfolders(sessions)) {
    found.push(...(await filesIn(wd, /\.jsonl$/)));
    for (const session of await subfolders(wd)) {
      found.push(...(await filesIn(session, CONTEXT)));
      for (const agent of await subfolders(path.join(session, 'subagents'))) found.push(...(await filesIn(agent, 'context.jsonl')));
    }
  }
  return found;
}

async function kimiCode(sessions: string): Promise<string[]> {
  const found: string[] = [];
  for (const wd of await subfolders(sessions)) {
    for (const session of await subfolders(wd)) {
      for (const agent of await subfolders(path.join(session, 'agents'))) found.push(...(await filesIn(agent, 'wire.jsonl')));
    }
  }
  return found;
}
