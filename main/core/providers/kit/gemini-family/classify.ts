/**
 * Decides what a Gemini CLI `user` message is. The CLI records more than what the person typed
 * under type `user`: harness retries, hidden context blocks, tool responses (newer versions).
 */
import { contentText, hasTextPart } from './parts';

export type UserKind =
  /** Typed by the person; `display` is what they typed when it differs from what was sent. */
  | { role: 'user'; slash: boolean; display?: string; kind?: 'steering' }
  | { role: 'system'; kind: string };

/**
 * "System: Please continue." was sent by the CLI itself after an invalid stream (removed in
 * gemini-cli commit 9380e13, May 2026); "Please continue." is sent by the next-speaker check.
 */
const CONTINUATION = /^(System: )?Please continue\.$/;

/**
 * What the CLI's subagent runtime sends on its own when a subagent's run ends early (the
 * grace-period nudge of the local agent executor, getFinalWarningMessage: the reason, time
 * limit, turns, no more tool calls or an interruption, then the same instruction): never typed.
 */
const RUNTIME_NUDGE =
  /^(?:You have exceeded the maximum number of turns\b|(?:You have exceeded the time limit|You have stopped calling tools without finishing|Execution was interrupted)\. You have one final chance to complete the task\b)/;

/** Context blocks the CLI hides from its own transcript view (cli/src/utils/sessionUtils.ts). */
const HIDDEN_CONTEXT: ReadonlyArray<[string, string]> = [
  ['<session_context>', 'session-context'],
  ['<hook_context>', 'hook-context'],
];

/**
 * Turns the CLI adds to the history as the user's on its own, never typed: the IDE companion's
 * editor context, whole or as changes (core client.ts getIdeContextParts; both wordings of the
 * changes' first line are in its history).
 */
const EDITOR_CONTEXT = [
  "Here is the user's editor context as a JSON object.",
  "Here is a summary of changes in the user's editor context",
];

/**
 * Other turns the CLI adds as the user's (GeminiChat.addHistory, recorded without a display):
 * leaving plan mode by hand (cli useGeminiStream handleApprovalModeChange, core
 * approvalModeUtils getPlanModeExitMessage) and `/directory add`'s new workspace listing (core
 * client.ts addDirectoryContext, utils/environmentContext getDirectoryContextString).
 */
const CLI_TURNS: ReadonlyArray<[RegExp, string]> = [
  [/^User has manually exited Plan Mode\. Switching to [^\n]* mode \([^\n]*\)\.$/, 'mode-change'],
  [/^- \*\*Workspace Directories:\*\*\n {2}- [^\n]*(?:\n {2}- [^\n]*)*\n- \*\*Directory Structure:\*\*(?:\n|$)/, 'directory-context'],
];

/**
 * A hint the person typed while the model worked (model steering: cli AppContainer /
 * useGeminiStream, core utils/fastAckHelper.ts), sent wrapped in the CLI's own instruction; what
 * they typed is inside `<user_input>`, its spaces collapsed. "User hints:" is the subagent form.
 */
const STEERING = /^User (?:steering update|hints):\n<user_input>\n([\s\S]*?)\n<\/user_input>\n+Internal instruction: Re-evaluate the active plan\b/;
/**
 * The CLI puts a background command's completion in the same list as typed hints (cli
 * AppContainer, core shellExecutionService formatShellBackgroundCompletion), joined and wrapped
 * alike. What follows the completion cannot be told from its output (all spaces collapsed): it
 * is the CLI's; what precedes it was typed.
 */
const BACKGROUND_DONE = /\[Background command completed (?:successfully|with error: [\s\S]*?)\. Output saved to [^\]]*\]/;

export function classifyUser(content: unknown, displayContent: unknown): UserKind {
  const sent = contentText(content);
  const trimmed = sent.trim();
  const hasDisplay = displayContent !== undefined && displayContent !== null;
  // The display side of a retry is the previous request (often a tool response): not typed.
  if (hasDisplay && !hasTextPart(displayContent)) return { role: 'system', kind: 'continuation' };
  const display = hasDisplay ? contentText(displayContent) : undefined;
  if (CONTINUATION.test(trimmed)) {
    if (trimmed.startsWith('System:') || (display !== undefined && display.trim() !== trimmed)) {
      return { role: 'system', kind: 'continuation' };
    }
  }
  for (const [prefix, kind] of HIDDEN_CONTEXT) if (trimmed.startsWith(prefix)) return { role: 'system', kind };
  if (!hasDisplay && EDITOR_CONTEXT.some((p) => trimmed.startsWith(p))) return { role: 'system', kind: 'ide-context' };
  const cliTurn = hasDisplay ? undefined : CLI_TURNS.find(([pattern]) => pattern.test(trimmed));
  if (cliTurn) return { role: 'system', kind: cliTurn[1] };
  if (RUNTIME_NUDGE.test(trimmed)) return { role: 'system', kind: 'turn-limit' };
  const typed = display ?? sent;
  const steering = STEERING.exec(typed.trim());
  if (steering) {
    const done = BACKGROUND_DONE.exec(steering[1]);
    const hint = (done ? steering[1].slice(0, done.index) : steering[1]).trim();
    return hint ? { role: 'user', slash: false, display: hint, kind: 'steering' } : { role: 'system', kind: 'background-completion' };
  }
  const slash = typed.trimStart().startsWith('/');
  return display !== undefined && display !== sent ? { role: 'user', slash, display } : { role: 'user', slash };
}
