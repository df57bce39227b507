/**
 * Codex writes context it injects into the model's input as `user` messages: the AGENTS.md
 * file, the environment block, the IDE context, interrupt notes. None of it was typed by the
 * person, so it is shown as `system` with a kind saying what it is.
 */

const PREFIX_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['<environment_context>', 'environment-context'],
  ['<user_instructions>', 'user-instructions'],
  ['# AGENTS.md instructions', 'user-instructions'],
  ['<user_shell_command>', 'user-shell-command'],
  ['<turn_aborted>', 'interrupt'],
  ['# Context from my IDE setup', 'ide-context'],
  ['<permissions instructions>', 'permissions'],
  ['<skill>', 'skill'],
];

/**
 * A whole message wrapped in one tag (`<name>…</name>`): how newer injected blocks look, some
 * with quoted attributes (`<hook_prompt hook_run_id="stop:0:…">`, what a Stop hook told the agent;
 * `<codex_internal_context source="goal">`).
 */
const WRAPPED = /^<([a-z][a-z0-9_ -]{0,60}?)(?:\s+[a-z_][\w-]*="[^"]*")*>[\s\S]*<\/\1>\s*$/;
/** A tag with attributes is Codex's only when its name is snake_case (a pasted `<div class="…">` is not). */
const ATTRIBUTES = /^<[a-z][a-z0-9]*_[a-z0-9_]*\s/;

/** The kind of injected context this user-role text is, or undefined when it looks typed. */
export function injectedKind(text: string): string | undefined {
  const head = text.trimStart();
  for (const [prefix, kind] of PREFIX_KINDS) {
    if (head.startsWith(prefix)) return kind;
  }
  const wrapped = WRAPPED.exec(head);
  if (!wrapped || (head[wrapped[1].length + 1] !== '>' && !ATTRIBUTES.test(head))) return undefined;
  return wrapped[1].replace(/[ _]+/g, '-');
}

/** The person's own words inside an IDE-wrapped prompt, for the title. */
export function promptForTitle(text: string): string {
  const marker = '## My request for Codex:';
  const at = text.indexOf(marker);
  return at === -1 ? text : text.slice(at + marker.length);
}
