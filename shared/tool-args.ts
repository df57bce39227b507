/**
 * What a tool call's arguments say, for the app and the Markdown export alike: the file edits it
 * made (Claude's Edit/MultiEdit/Write, the same shapes in other agents, Codex's apply_patch),
 * shown as diffs, and the shell command it ran.
 */
import { type FileDiff, lineDiff, parseApplyPatch, withContext } from './diff';
import { PATH_KEYS } from './tool-files';

export type Args = Record<string, unknown>;
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const pick = (a: Args, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = str(a[k]);
    if (v !== undefined) return v;
  }
  return undefined;
};

const OLD_KEYS = ['old_string', 'oldString', 'old_str', 'old_text', 'oldText', 'search'];
const NEW_KEYS = ['new_string', 'newString', 'new_str', 'new_text', 'newText', 'replace'];
const CONTENT_KEYS = ['content', 'file_text', 'contents', 'text'];

export interface FileEdits {
  readonly files: FileDiff[];
  /** A description the agent gave the call. */
  readonly description?: string;
}

/** The files a call edited, or undefined when it is not an edit. `args` is `argsText` parsed (undefined when it is not JSON). */
export function fileEdits(name: string, argsText: string, args: unknown = parseJson(argsText)): FileEdits | undefined {
  const lname = name.toLowerCase();
  // Codex apply_patch: raw patch text, or JSON carrying it.
  const patchText =
    argsText.includes('*** Begin Patch') && (args === undefined || typeof args === 'string')
      ? typeof args === 'string'
        ? args
        : argsText
      : args && typeof args === 'object'
        ? (pick(args as Args, 'input', 'patch', 'patchText') ?? (Array.isArray((args as Args).command) && ((args as Args).command as unknown[])[0] === 'apply_patch' ? str(((args as Args).command as unknown[])[1]) : undefined))
        : undefined;
  if (patchText?.includes('*** Begin Patch')) {
    const files = parseApplyPatch(patchText);
    if (files) return { files };
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const a = args as Args;
  const path = pick(a, ...PATH_KEYS);
  const description = pick(a, 'description');
  // One old/new pair, or a list of them.
  const oldS = pick(a, ...OLD_KEYS);
  const newS = pick(a, ...NEW_KEYS);
  if (oldS !== undefined && newS !== undefined) {
    return { files: [{ path: path ?? '', action: 'edit', lines: withContext(lineDiff(oldS, newS, 1, false), 6) }], description };
  }
  if (Array.isArray(a.edits) && a.edits.length && a.edits.every((e) => e && typeof e === 'object')) {
    const edits = a.edits as Args[];
    const lines = edits.flatMap((e, i) => {
      const d = withContext(lineDiff(pick(e, ...OLD_KEYS) ?? '', pick(e, ...NEW_KEYS) ?? '', 1, false), 6);
      return edits.length > 1 ? [{ kind: 'hunk' as const, text: `Edit ${i + 1} of ${edits.length}` }, ...d] : d;
    });
    return { files: [{ path: path ?? '', action: 'edit', lines }], description };
  }
  // Whole-file writes.
  const content = pick(a, ...CONTENT_KEYS);
  if (content !== undefined && path && /write|create|save|new_file/.test(lname)) {
    return { files: [{ path, action: 'write', lines: lineDiff('', content) }], description };
  }
  return undefined;
}

/** The shell line of a call's arguments (`command`, `cmd`, `script`; Codex's ["bash", "-lc", line]). */
export function shellCommand(a: Args): string | undefined {
  const c = a.command ?? a.cmd ?? a.script;
  if (typeof c === 'string') return c;
  if (Array.isArray(c) && c.every((x) => typeof x === 'string')) {
    const parts = c as string[];
    if (parts.length === 3 && /(^|\/)(ba|z)?sh$/.test(parts[0]) && /^-\w*c$/.test(parts[1])) return parts[2];
    return parts.map((p) => (/^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`)).join(' ');
  }
  return undefined;
}

/** Calls that start a subagent with a written brief. */
const SUBAGENT_TOOL = /^(task|agent|spawn_agent|subagent|delegate)/i;

export interface SubagentBrief {
  readonly prompt: string;
  readonly description?: string;
  /** The kind of subagent asked for (Claude's `subagent_type`). */
  readonly kind?: string;
}

/** The brief of a call that starts a subagent (Claude's Task, Codex's spawn_agent…), or undefined. */
export function subagentBrief(name: string, args: unknown): SubagentBrief | undefined {
  if (!SUBAGENT_TOOL.test(name) || !args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const a = args as Args;
  const prompt = pick(a, 'prompt', 'message', 'task');
  if (prompt === undefined) return undefined;
  return { prompt, description: pick(a, 'description'), kind: pick(a, 'subagent_type', 'agent_type', 'agent') };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
