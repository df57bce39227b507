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
import os from 'node:os';
import path from 'node:path';
import { type DirEntry, keepUnlessCredential, listDir } from '../../capture/safe-walk';

const CONTEXT = /^context(_.+)?\.jsonl$/;

export async function locateKimi(home: string): Promise<string[]> {
  const own = path.resolve(home) === path.resolve(os.homedir());
  const cliRoots = new Set([path.join(home, '.kimi')]);
  const codeRoots = new Set([path.join(home, '.kimi-code')]);
  if (own && process.env.KIMI_SHARE_DIR) cliRoots.add(path.resolve(process.env.KIMI_SHARE_DIR));
  if (own && process.env.KIMI_CODE_HOME) codeRoots.add(path.resolve(process.env.KIMI_CODE_HOME));
  const found = new Set<string>();
  for (const root of cliRoots) await kimiCli(path.join(root, 'sessions'), found);
  for (const root of codeRoots) await kimiCode(path.join(root, 'sessions'), found);
  return [...found].filter(keepUnlessCredential).sort();
}

async function kimiCli(sessions: string, found: Set<string>): Promise<void> {
  for (const wd of await dirs(sessions)) {
    for (const entry of await list(wd)) {
      const full = path.join(wd, entry.name);
      if (entry.isFile() && entry.name.endsWith('.jsonl')) found.add(full);
      if (!entry.isDirectory()) continue;
      for (const file of await list(full)) {
        if (file.isFile() && CONTEXT.test(file.name)) found.add(path.join(full, file.name));
      }
      for (const agent of await dirs(path.join(full, 'subagents'))) {
        for (const file of await list(agent)) if (file.isFile() && file.name === 'context.jsonl') found.add(path.join(agent, file.name));
      }
    }
  }
}

async function kimiCode(sessions: string, found: Set<string>): Promise<void> {
  for (const wd of await dirs(sessions)) {
    for (const session of await dirs(wd)) {
      for (const agent of await dirs(path.join(session, 'agents'))) {
        for (const file of await list(agent)) if (file.isFile() && file.name === 'wire.jsonl') found.add(path.join(agent, file.name));
      }
    }
  }
}

async function list(dir: string): Promise<DirEntry[]> {
  return listDir(dir);
}

async function dirs(dir: string): Promise<string[]> {
  return (await list(dir)).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
}
