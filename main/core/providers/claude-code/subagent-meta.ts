/**
 * What Claude Code 2.1.x writes beside each subagent transcript: `agent-<id>.meta.json`, with the
 * agent type (`Explore`, `general-purpose`, `workflow-subagent`, a custom agent's name), the
 * short description the parent gave the Agent call, and that call's `toolUseId`. Read when a
 * subagent file is assembled, so a sidecar written after the transcript began is still seen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJson } from '../kit/parse-json';
import { isObject, str } from './records';

export interface SubagentMeta {
  agentType?: string;
  description?: string;
  toolUseId?: string;
}

/** A sidecar is a few hundred bytes; anything far larger is not one. */
const MAX_META_BYTES = 64 * 1024;

/** The sidecar of a subagent transcript, or undefined when there is none (older builds, a copied file). */
export function readSubagentMeta(transcript: string, warn: (message: string) => void): SubagentMeta | undefined {
  const file = transcript.replace(/\.jsonl$/, '.meta.json');
  let text: string;
  try {
    const buffer = readFileSync(file);
    if (buffer.length > MAX_META_BYTES) {
      warn(`${path.basename(file)} is ${buffer.length} bytes, too large for a subagent sidecar; not read`);
      return undefined;
    }
    text = buffer.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') warn(`${path.basename(file)} could not be read (${code ?? (error as Error).message}); the subagent is titled by its task`);
    return undefined;
  }
  let meta: unknown;
  try {
    meta = parseJson(text);
  } catch (error) {
    warn(`${path.basename(file)} is not JSON (${(error as Error).message}); the subagent is titled by its task`);
    return undefined;
  }
  if (!isObject(meta)) return undefined;
  return { agentType: nonEmpty(meta.agentType), description: nonEmpty(meta.description), toolUseId: nonEmpty(meta.toolUseId) };
}

function nonEmpty(value: unknown): string | undefined {
  const s = str(value)?.trim();
  return s ? s : undefined;
}

/**
 * The session a subagent transcript under `<session>/subagents/…` (or `<session>/workflows/…`)
 * belongs to, from its path: for records that carry no sessionId, and to find the session's
 * folder. Only the folders just above an `agent-*.jsonl` are looked at, so a home that happens to
 * sit in a folder named `subagents` is not mistaken for one.
 */
export function sessionFolderOf(transcript: string): string | undefined {
  if (!path.basename(transcript).startsWith('agent-')) return undefined;
  const dirs = path.resolve(transcript).split(path.sep).slice(0, -1);
  const near = Math.max(1, dirs.length - 4);
  // `<session>/subagents/workflows/<run>/…`: the `subagents` folder names the session, not `workflows`.
  const sub = dirs.lastIndexOf('subagents');
  const at = sub >= near ? sub : dirs.lastIndexOf('workflows') >= near ? dirs.lastIndexOf('workflows') : -1;
  return at > 0 ? dirs[at - 1] : undefined;
}
