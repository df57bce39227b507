/**
 * What a Kimi file is, from its path (kimi-cli MoonshotAI/kimi-cli src/kimi_cli/session.py,
 * soul/context.py, tools/task, subagents/store.py; kimi-code MoonshotAI/kimi-code
 * docs/en/guides/sessions.md):
 *
 *   kimi-cli  <share>/sessions/<md5(work dir)>/<sid>.jsonl                 context, ≤ v0.4x
 *             <share>/sessions/<md5>/<sid>_<N>.jsonl                       rotated (before /clear, undo)
 *             <share>/sessions/<md5>/<sid>_<name>_<N>.jsonl                subagent context (Task tool: `sub`)
 *             <share>/sessions/<md5>/<sid>/context.jsonl                   context, current layout
 *             <share>/sessions/<md5>/<sid>/context_<N>.jsonl               rotated
 *             <share>/sessions/<md5>/<sid>/context_<name>_<N>.jsonl        subagent context (`context_sub_1`)
 *             <share>/sessions/<md5>/<sid>/subagents/<agent>/context.jsonl subagent
 *   kimi-code <home>/sessions/<work dir key>/<sid>/agents/<agent>/wire.jsonl   (`main` = the session)
 */
import path from 'node:path';

export type KimiFile =
  | { readonly format: 'context'; readonly role: 'main' | 'rotated' | 'subagent'; readonly sessionId: string; readonly childKey?: string; readonly hashDir: string; readonly sessionDir?: string; readonly parentFile?: string }
  | { readonly format: 'wire'; readonly sessionId: string; readonly agentId: string; readonly sessionDir: string };

const FLAT = /^(.+?)(?:_(.+?))?_(\d+)\.jsonl$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function classify(file: string): KimiFile {
  const base = path.basename(file);
  const dir = path.dirname(file);
  if (base === 'wire.jsonl' && path.basename(path.dirname(dir)) === 'agents') {
    const sessionDir = path.dirname(path.dirname(dir));
    return { format: 'wire', sessionId: path.basename(sessionDir), agentId: path.basename(dir), sessionDir };
  }
  if (path.basename(path.dirname(dir)) === 'subagents') {
    const sessionDir = path.dirname(path.dirname(dir));
    const sessionId = path.basename(sessionDir);
    const agent = path.basename(dir);
    return { format: 'context', role: 'subagent', sessionId, childKey: `subagents.${agent}`, hashDir: path.dirname(sessionDir), sessionDir, parentFile: path.join(sessionDir, 'context.jsonl') };
  }
  const numbered = /^context_(?:(.+)_)?(\d+)\.jsonl$/.exec(base);
  if (base === 'context.jsonl' || numbered) {
    const sessionId = path.basename(dir);
    const common = { format: 'context' as const, sessionId, hashDir: path.dirname(dir), sessionDir: dir };
    if (!numbered) return { ...common, role: 'main' };
    if (numbered[1]) return { ...common, role: 'subagent', childKey: `${numbered[1]}_${numbered[2]}`, parentFile: path.join(dir, 'context.jsonl') };
    return { ...common, role: 'rotated', childKey: `context_${numbered[2]}` };
  }
  const flat = FLAT.exec(base);
  if (flat && UUID.test(flat[1])) {
    const sessionId = flat[1];
    const common = { format: 'context' as const, sessionId, hashDir: dir, parentFile: path.join(dir, `${sessionId}.jsonl`) };
    if (flat[2]) return { ...common, role: 'subagent', childKey: `${flat[2]}_${flat[3]}` };
    return { ...common, role: 'rotated', childKey: `context_${flat[3]}` };
  }
  return { format: 'context', role: 'main', sessionId: base.replace(/\.jsonl$/i, ''), hashDir: dir };
}

/**
 * The wire log a current-layout session's context reads its typed-apart commands and its times
 * from: a command typed last (`/yolo`, then quit) changes it alone.
 */
export function wireLogOf(file: string): readonly string[] {
  const f = classify(file);
  return f.format === 'context' && f.role === 'main' && f.sessionDir ? [path.join(f.sessionDir, 'wire.jsonl')] : [];
}
