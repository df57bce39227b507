/** What a tool call did, read from its name and arguments, so each kind can be shown well. */
import type { FileDiff } from '../../../shared/diff';
import { type Args, fileEdits, pick, PATH_KEYS, shellCommand } from '../../../shared/tool-args';
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

  const edits = fileEdits(name, argsText, args);
  if (edits) return { view: { kind: 'diff', files: edits.files }, summary: edits.files.map((f) => f.path).filter(Boolean).join(', ') || undefined, description: edits.description };

  if (!args || typeof args !== 'object' || Array.isArray(args)) {
    const text = typeof args === 'string' ? args : argsText;
    if (/bash|shell|exec|terminal/.test(lname)) return { view: { kind: 'shell', command: text }, summary: firstLine(text) };
    return { view: args === undefined ? { kind: 'raw', text } : { kind: 'json', text: pretty(args) }, summary: undefined };
  }
  const a = args as Args;
  const path = pick(a, ...PATH_KEYS);
  const description = pick(a, 'description');

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
