/** What a tool call did, read from its name and arguments, so each kind can be shown well. */
import { type FileDiff, lineDiff, parseApplyPatch, withContext } from './diff';
import type { Lang } from './highlight';

export type ToolView =
  | { readonly kind: 'shell'; readonly command: string; readonly cwd?: string }
  | { readonly kind: 'diff'; readonly files: FileDiff[] }
  | { readonly kind: 'code'; readonly path: string; readonly code: string; readonly lang?: Lang }
  | { readonly kind: 'todos'; readonly items: { text: string; status: string }[]; readonly note?: string }
  | { readonly kind: 'json'; readonly text: string }
  | { readonly kind: 'raw'; readonly text: string };

export interface ToolInfo {
  readonly view: ToolView;
  /** One line saying what the call was about: a command, a path, a pattern. */
  readonly summary?: string;
  /** A description the agent gave the call (Claude's Bash `description`, a Task's). */
  readonly description?: string;
}

type Args = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const pick = (a: Args, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = str(a[k]);
    if (v !== undefined) return v;
  }
  return undefined;
};

const PATH_KEYS = ['file_path', 'filePath', 'path', 'absolute_path', 'filename', 'file', 'target_file'];
const OLD_KEYS = ['old_string', 'oldString', 'old_str', 'old_text', 'oldText', 'search'];
const NEW_KEYS = ['new_string', 'newString', 'new_str', 'new_text', 'newText', 'replace'];
const CONTENT_KEYS = ['content', 'file_text', 'contents', 'text'];

function shellCommand(a: Args): string | undefined {
  const c = a.command ?? a.cmd ?? a.script;
  if (typeof c === 'string') return c;
  if (Array.isArray(c) && c.every((x) => typeof x === 'string')) {
    const parts = c as string[];
    // ["bash", "-lc", "script"] is how Codex wraps a shell line.
    if (parts.length === 3 && /(^|\/)(ba|z)?sh$/.test(parts[0]) && /^-\w*c$/.test(parts[1])) return parts[2];
    return parts.map((p) => (/^[\w@%+=:,./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`)).join(' ');
  }
  return undefined;
}

export function describeTool(name: string, argsText: string): ToolInfo {
  let args: unknown;
  try {
    args = JSON.parse(argsText);
    // Nested thousands of levels deep, it parses but cannot be serialized again (stack
    // overflow): shown as written rather than failing the whole thread view.
    JSON.stringify(args);
  } catch {
    args = undefined;
  }
  const lname = name.toLowerCase();

  // Codex apply_patch: raw patch text, or JSON carrying it.
  const patchText =
    argsText.includes('*** Begin Patch') && (args === undefined || typeof args === 'string')
      ? typeof args === 'string'
        ? args
        : argsText
      : args && typeof args === 'object'
        ? (pick(args as Args, 'input', 'patch') ?? (Array.isArray((args as Args).command) && ((args as Args).command as unknown[])[0] === 'apply_patch' ? str(((args as Args).command as unknown[])[1]) : undefined))
        : undefined;
  if (patchText?.includes('*** Begin Patch')) {
    const files = parseApplyPatch(patchText);
    if (files) return { view: { kind: 'diff', files }, summary: files.map((f) => f.path).join(', ') };
  }

  if (!args || typeof args !== 'object' || Array.isArray(args)) {
    const text = typeof args === 'string' ? args : argsText;
    if (/bash|shell|exec|terminal/.test(lname)) return { view: { kind: 'shell', command: text }, summary: firstLine(text) };
    return { view: args === undefined ? { kind: 'raw', text } : { kind: 'json', text: pretty(args) }, summary: undefined };
  }
  const a = args as Args;
  const path = pick(a, ...PATH_KEYS);
  const description = pick(a, 'description');

  // Edits: one old/new pair, or a list of them.
  const oldS = pick(a, ...OLD_KEYS);
  const newS = pick(a, ...NEW_KEYS);
  if (oldS !== undefined && newS !== undefined) {
    return { view: { kind: 'diff', files: [{ path: path ?? '', action: 'edit', lines: withContext(lineDiff(oldS, newS, 1, false), 6) }] }, summary: path, description };
  }
  if (Array.isArray(a.edits) && a.edits.length && a.edits.every((e) => e && typeof e === 'object')) {
    const edits = a.edits as Args[];
    const lines = edits.flatMap((e, i) => {
      const d = withContext(lineDiff(pick(e, ...OLD_KEYS) ?? '', pick(e, ...NEW_KEYS) ?? '', 1, false), 6);
      return edits.length > 1 ? [{ kind: 'hunk' as const, text: `Edit ${i + 1} of ${edits.length}` }, ...d] : d;
    });
    return { view: { kind: 'diff', files: [{ path: path ?? '', action: 'edit', lines }] }, summary: path, description };
  }
  // Whole-file writes.
  const content = pick(a, ...CONTENT_KEYS);
  if (content !== undefined && path && /write|create|save|new_file/.test(lname)) {
    return { view: { kind: 'diff', files: [{ path, action: 'write', lines: lineDiff('', content) }] }, summary: path, description };
  }
  // Shell commands.
  const command = shellCommand(a);
  if (command !== undefined && (/bash|shell|exec|command|terminal|run|powershell/.test(lname) || Object.keys(a).every((k) => ['command', 'cmd', 'workdir', 'cwd', 'description', 'timeout', 'yield_time_ms', 'max_output_tokens', 'timeout_ms', 'run_in_background', 'dangerouslyDisableSandbox', 'sandbox_permissions', 'justification', 'login', 'shell'].includes(k)))) {
    return { view: { kind: 'shell', command, cwd: pick(a, 'workdir', 'cwd', 'directory', 'dir_path') }, summary: firstLine(command), description };
  }
  // Plans and todo lists.
  const list = (Array.isArray(a.todos) ? a.todos : Array.isArray(a.plan) ? a.plan : undefined) as Args[] | undefined;
  if (list && list.every((t) => t && typeof t === 'object')) {
    const items = list.map((t) => ({ text: pick(t, 'content', 'step', 'title', 'description', 'text') ?? JSON.stringify(t), status: pick(t, 'status', 'state') ?? '' }));
    return { view: { kind: 'todos', items, note: pick(a, 'explanation') }, summary: `${items.length} item${items.length === 1 ? '' : 's'}` };
  }
  const summary =
    pick(a, 'pattern', 'query', 'url', 'subject', 'skill', 'prompt') ?? path ?? (typeof a.paths === 'object' ? JSON.stringify(a.paths) : undefined);
  return { view: { kind: 'json', text: pretty(args) }, summary: summary ? (path && summary !== path ? `${summary} · ${path}` : firstLine(summary)) : undefined, description };
}


function pretty(v: unknown): string {
  return JSON.stringify(v, null, 2);
}

function firstLine(s: string): string {
  const line = s.trim().split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
