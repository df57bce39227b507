/**
 * What a tool call means, decided once for every surface (the app, the Markdown and HTML
 * exports, MCP, the digests), so an edit shows as the same diff and a command as the same command
 * everywhere: its kind and how to show it (a diff, a shell command, a subagent's brief, a todo
 * list, JSON or raw text), the files it touched (tool-files.ts), a one-line summary and the
 * description the agent gave it. Pure: no Node, no DOM.
 */
import type { FileDiff } from './diff';
import { type Args, fileEdits, parseJson, pick, shellCommand, type SubagentBrief, subagentBrief } from './tool-args';
import { type FileTouch, fileTouchesOf, PATH_KEYS } from './tool-files';

export interface TodoItem {
  readonly text: string;
  readonly status: string;
}

export type ToolView =
  | { readonly kind: 'diff'; readonly files: FileDiff[] }
  | { readonly kind: 'shell'; readonly command: string; readonly cwd?: string }
  | { readonly kind: 'subagent'; readonly brief: SubagentBrief }
  | { readonly kind: 'todos'; readonly items: TodoItem[]; readonly note?: string }
  | { readonly kind: 'json'; readonly text: string }
  | { readonly kind: 'raw'; readonly text: string };

export type ToolKind = ToolView['kind'];

export interface ToolDescription {
  readonly view: ToolView;
  /** Files the call read, edited, wrote, patched or deleted, as its arguments name them. */
  readonly paths: readonly FileTouch[];
  /** One line saying what the call was about: a command, a path, a pattern. */
  readonly summary?: string;
  /** A description the agent gave the call (Claude's Bash `description`, a Task's). */
  readonly description?: string;
}

/** Names of tools that run a shell command. */
const SHELL_NAME = /bash|shell|exec|command|terminal|run|powershell/;
/** Names of tools whose arguments, when not JSON, are the command itself (Cline's execute_command). */
const RAW_SHELL_NAME = /bash|shell|exec|terminal/;
/** Arguments a shell tool takes besides its command: a call with only these runs a command whatever its name. */
const SHELL_KEYS = new Set(['command', 'cmd', 'workdir', 'cwd', 'description', 'timeout', 'yield_time_ms', 'max_output_tokens', 'timeout_ms', 'run_in_background', 'dangerouslyDisableSandbox', 'sandbox_permissions', 'justification', 'login', 'shell']);

export function describeTool(name: string, argsText: string): ToolDescription {
  const args = parseShowable(argsText);
  const lname = name.toLowerCase();
  const paths = fileTouchesOf(name, argsText);

  const brief = subagentBrief(name, args);
  if (brief) return { view: { kind: 'subagent', brief }, paths, summary: firstLine(brief.prompt), description: brief.description };

  const edits = fileEdits(name, argsText, args);
  if (edits) return { view: { kind: 'diff', files: edits.files }, paths, summary: edits.files.map((f) => f.path).filter(Boolean).join(', ') || undefined, description: edits.description };

  if (!args || typeof args !== 'object' || Array.isArray(args)) {
    const text = typeof args === 'string' ? args : argsText;
    if (RAW_SHELL_NAME.test(lname)) return { view: { kind: 'shell', command: text }, paths, summary: firstLine(text) };
    return { view: args === undefined ? { kind: 'raw', text } : { kind: 'json', text: pretty(args) }, paths };
  }
  const a = args as Args;
  const description = pick(a, 'description');

  const command = shellCommand(a);
  if (command !== undefined && (SHELL_NAME.test(lname) || Object.keys(a).every((k) => SHELL_KEYS.has(k)))) {
    return { view: { kind: 'shell', command, cwd: pick(a, 'workdir', 'cwd', 'directory', 'dir_path') }, paths, summary: firstLine(command), description };
  }
  // Plans and todo lists.
  const list = (Array.isArray(a.todos) ? a.todos : Array.isArray(a.plan) ? a.plan : undefined) as Args[] | undefined;
  if (list && list.every((t) => t && typeof t === 'object')) {
    const items = list.map((t) => ({ text: pick(t, 'content', 'step', 'title', 'description', 'text') ?? JSON.stringify(t), status: pick(t, 'status', 'state') ?? '' }));
    return { view: { kind: 'todos', items, note: pick(a, 'explanation') }, paths, summary: `${items.length} item${items.length === 1 ? '' : 's'}`, description };
  }
  const path = pick(a, ...PATH_KEYS);
  const summary = pick(a, 'pattern', 'query', 'url', 'subject', 'skill', 'prompt') ?? path ?? (typeof a.paths === 'object' ? JSON.stringify(a.paths) : undefined);
  return { view: { kind: 'json', text: pretty(args) }, paths, summary: summary ? (path && summary !== path ? `${summary} · ${path}` : firstLine(summary)) : undefined, description };
}

/** The arguments parsed, or undefined when they are not JSON or nest too deep to serialize again. */
function parseShowable(argsText: string): unknown {
  const args = parseJson(argsText);
  try {
    // Nested thousands of levels deep, it parses but cannot be serialized again (stack
    // overflow): shown as written rather than failing the whole view.
    JSON.stringify(args);
    return args;
  } catch {
    return undefined;
  }
}

function pretty(v: unknown): string {
  return JSON.stringify(v, null, 2);
}

function firstLine(s: string): string {
  const line = s.trim().split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}
