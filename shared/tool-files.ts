/**
 * Which files a tool call read, edited, wrote, patched or deleted, from its name and arguments
 * alone: one answer for every surface (digest, `dejavu files`, the app). Agents name their tools
 * differently (Claude `Read`/`Edit`/`Write`/`MultiEdit`, Codex `apply_patch`, Gemini
 * `read_file`/`replace`/`write_file`, OpenCode `edit`, Cline `write_to_file`,
 * `str_replace_editor` with a `command`), so the rules look at argument shapes first and at the
 * name only to tell a read from a write. Pure: no Node, no DOM, usable from main and renderer.
 */

export type FileAction = 'read' | 'edit' | 'write' | 'patch' | 'delete' | 'other';

export interface FileTouch {
  /** As the agent wrote it: absolute, or relative to the conversation's working directory. */
  readonly path: string;
  readonly action: FileAction;
}

type Args = Record<string, unknown>;

/** Keys that name the one file a call is about (Claude, Gemini, OpenCode, Cline, Cursor, Antigravity, …). */
export const PATH_KEYS = ['file_path', 'filePath', 'path', 'absolute_path', 'AbsolutePath', 'notebook_path', 'target_file', 'filename', 'file'] as const;
const OLD_KEYS = ['old_string', 'oldString', 'old_str', 'old_text', 'oldText', 'search'];
const NEW_KEYS = ['new_string', 'newString', 'new_str', 'new_text', 'newText', 'replace'];
const CONTENT_KEYS = ['content', 'file_text', 'contents', 'text'];
const MAX_PATH = 1024;

const PATCH_HEADER = /\*\*\* (Add|Update|Delete) File: ([^\n\\"]+)/g;
const PATCH_ACTION: Record<string, FileAction> = { Add: 'write', Update: 'patch', Delete: 'delete' };

/** Every file one tool call touched, in the order its arguments name them. */
export function fileTouchesOf(name: string, argsText: string): FileTouch[] {
  const out: FileTouch[] = [];
  // apply_patch, as raw text or JSON-wrapped: its headers name every file and what happened.
  for (const m of argsText.matchAll(PATCH_HEADER)) out.push({ path: m[2].trim(), action: PATCH_ACTION[m[1]] });
  if (out.length) return out;
  const args = parseObject(argsText);
  if (!args) return out;
  const path = pickPath(args);
  if (path === undefined) return out;
  return [{ path, action: actionOf(name.toLowerCase(), args) }];
}

function actionOf(lname: string, a: Args): FileAction {
  // str_replace_editor and its kin say what they do in a `command` argument.
  const command = typeof a.command === 'string' ? a.command.toLowerCase() : undefined;
  if (command === 'view') return 'read';
  if (command === 'create' || command === 'write') return 'write'; // Goose's text_editor says `write`
  if (command === 'str_replace' || command === 'insert' || command === 'undo_edit') return 'edit';
  if (has(a, OLD_KEYS) && has(a, NEW_KEYS)) return 'edit';
  if (Array.isArray(a.edits)) return 'edit';
  if (/delete|remove/.test(lname)) return 'delete';
  if (/edit|replace|patch|insert/.test(lname)) return 'edit';
  if (has(a, CONTENT_KEYS) && /write|create|save|new_file/.test(lname)) return 'write';
  if (/write|create|save/.test(lname)) return 'write';
  if (/read|view|cat|open|show|get_file|fetch_file/.test(lname)) return 'read';
  return 'other';
}

function pickPath(a: Args): string | undefined {
  for (const key of PATH_KEYS) {
    const v = a[key];
    if (typeof v === 'string' && v.trim() !== '' && v.length < MAX_PATH) return v.trim();
  }
  return undefined;
}

function has(a: Args, keys: readonly string[]): boolean {
  return keys.some((k) => typeof a[k] === 'string');
}

function parseObject(text: string): Args | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Args) : undefined;
  } catch {
    return undefined; // Arguments that are not JSON name no file this way.
  }
}

/**
 * `p` as an absolute POSIX-style path: relative ones joined to `cwd` (when known), `.` and `..`
 * resolved. Windows drive paths keep their drive; backslashes become slashes.
 */
export function absolutePath(p: string, cwd: string | undefined): string {
  const slashed = p.replace(/\\/g, '/');
  const isAbs = slashed.startsWith('/') || /^[A-Za-z]:\//.test(slashed);
  const joined = isAbs || !cwd ? slashed : `${cwd.replace(/\\/g, '/').replace(/\/+$/, '')}/${slashed}`;
  const lead = /^[A-Za-z]:\//.test(joined) ? joined.slice(0, 3) : joined.startsWith('/') ? '/' : '';
  const segments: string[] = [];
  for (const s of joined.slice(lead.length).split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..' && segments.length && segments[segments.length - 1] !== '..') segments.pop();
    else if (s !== '..' || !lead) segments.push(s);
  }
  return lead + segments.join('/');
}
