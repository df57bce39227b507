/**
 * A `user` message of a Cline SDK session (sdk-session.ts) as what the person typed, what the
 * runtime put beside it, and the tool results it carries. The runtime wraps typed text
 * (formatUserInputBlock, formatModeSwitchNotice, formatFileContentBlock in @cline/shared):
 * `<user_input mode="act|plan|yolo">typed</user_input>`, `<mode_notice>…</mode_notice>` before
 * or inside it, `<file_content path="…">…</file_content>` after it. A slash command is expanded
 * before it is wrapped (prepareTurnInput), so what is stored is its instructions; a bare
 * `<user_command slash="goal">the goal</user_command>` is shown as `/goal the goal`
 * (formatDisplayUserInput; `/team X` is stored `spawn a team of agents for the following task: X`).
 *
 * Messages the runtime writes as the user's are not typed (isGenuineUserPromptMessage in
 * @cline/core, isSyntheticSdkUserMessage in the extension): a `metadata.kind` of its reminders and
 * summaries, a `metadata.displayRole` of system or status, hook context, a task resumption or
 * plan-to-act continuation prompt without attachments, a teammate run update, a goal check.
 */
import type { Message, Part } from '../../../../shared/record';
import { arr, asText, isObject, obj, str, type Json } from '../kit/json';

const NOTICE = /<mode_notice\b[^>]*>[\s\S]*?<\/mode_notice>/g;
const FILE = /<file_content\b[^>]*>[\s\S]*?<\/file_content>/g;
const INPUT = /<user_input\b[^>]*>([\s\S]*?)<\/user_input>/;
const COMMAND = /<user_command\b(?:[^>]*?\bslash="([^"]*)")?[^>]*>([\s\S]*?)<\/user_command>/g;
const TEAM = /^spawn a team of agents for the following task:\s*/;
/** The warning a resumed legacy task gets (legacy-task-handling.ts): its marker, and its first wording. */
const LEGACY_MARKER = '[cline-legacy-resume-warning:v1]';
const LEGACY_FIRST = 'Warning: this is a legacy conversation, which means tool names may have changed.';
const SYNTHETIC_KINDS = new Set(['completion_reminder', 'recovery_notice', 'compaction_summary', 'loop_detection_notice', 'mistake_stop_notice']);
const RUNTIME_TEXT = [/^\[TASK RESUMPTION\]/, /^<hook_context\b/, /^System-delivered teammate async run updates:/, /^Are you sure you've completed the goal:/];

export function isLegacyResumeWarning(text: string): boolean {
  return text.includes(LEGACY_MARKER) || text.includes(LEGACY_FIRST);
}

/** A stored image, read from the session's blob store when it was kept apart (`image_ref`). */
export type ImageOf = (block: Json) => Part | undefined;

/**
 * The messages one stored user message stands for: its tool results (`tool`), what was typed
 * (`user`), what the runtime added or wrote itself (`system`).
 */
export function userTurn(id: string, stored: Json, native: string, imageOf: ImageOf): Message[] {
  const blocks = arr(stored.content).filter(isObject);
  const meta = obj(stored.metadata);
  const metaKind = str(meta?.kind);
  const role = str(meta?.displayRole)?.trim().toLowerCase();
  const attachments = blocks.some((b) => b.type === 'image' || b.type === 'image_ref' || b.type === 'file');
  const text = blocks.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('\n');
  const plain = stripWrappers(text).trim();
  const runtime = (metaKind !== undefined && SYNTHETIC_KINDS.has(metaKind)) || role === 'system' || role === 'status' || (!attachments && RUNTIME_TEXT.some((re) => re.test(plain)));
  const results: Part[] = [];
  const typed: Part[] = [];
  const added: Part[] = [];
  let legacy = false;
  for (const b of blocks) {
    if (b.type === 'tool_result') {
      const response = typeof b.content === 'string' ? b.content : asText(b.content ?? '');
      results.push({ type: 'tool_call_response', id: str(b.tool_use_id) ?? '', response, ...(b.is_error === true ? { isError: true } : {}) });
    } else if (b.type === 'image' || b.type === 'image_ref') {
      typed.push(imageOf(b) ?? { type: 'generic', kind: 'image', content: str(b.blobId) ?? JSON.stringify(b) });
    } else if (b.type === 'file') {
      added.push({ type: 'text', content: [str(b.path), str(b.content)].filter(Boolean).join('\n') });
    } else if (b.type === 'text' && typeof b.text === 'string') {
      // Only the block that holds the warning is the warning (sanitizeInitialMessagesForSessionStart may put others beside it).
      if (isLegacyResumeWarning(b.text)) {
        legacy = true;
        added.push({ type: 'text', content: b.text });
        continue;
      }
      const split = runtime ? { typed: '', added: b.text.trim() ? [b.text] : [] } : splitText(b.text);
      if (split.typed) typed.push({ type: 'text', content: split.typed });
      for (const t of split.added) added.push({ type: 'text', content: t });
    } else {
      added.push({ type: 'generic', kind: str(b.type) ?? 'unknown', content: JSON.stringify(b) });
    }
  }
  const out: Message[] = [];
  const push = (suffix: string, messageRole: Message['role'], parts: Part[], kind?: string) => {
    const message: Message = { id: out.length ? `${id}#${suffix}` : id, role: messageRole, parts, source: 0 };
    if (kind) message.kind = kind;
    if (!out.length) message.native = native;
    out.push(message);
  };
  if (results.length) push('results', 'tool', results);
  if (typed.length) push('typed', 'user', typed, typed.some((p) => p.type === 'text' && p.content.startsWith('/')) ? 'slash-command' : undefined);
  if (added.length) push('added', 'system', added, legacy ? 'legacy-resume' : runtime ? (metaKind?.replace(/_/g, '-') ?? 'runtime-prompt') : 'prompt-expansion');
  if (!out.length) push('empty', 'system', [], 'empty');
  return out;
}

/** The text without the runtime's wrappers, notices and file blocks (to recognise its own prompts). */
function stripWrappers(text: string): string {
  return text.replace(NOTICE, '').replace(FILE, '').replace(/<\/?user_input\b[^>]*>/g, '');
}

/** What was typed in one text block, and what the runtime wrote around it. */
function splitText(text: string): { typed: string; added: string[] } {
  const added: string[] = [];
  let rest = text.replace(NOTICE, (m) => (added.push(m), '')).replace(FILE, (m) => (added.push(m), ''));
  let typed = rest;
  const input = INPUT.exec(rest);
  if (input) {
    typed = input[1];
    rest = rest.slice(0, input.index) + rest.slice(input.index + input[0].length);
    if (rest.trim()) added.push(rest.trim());
  }
  typed = typed.replace(NOTICE, (m) => (added.push(m), '')).replace(FILE, (m) => (added.push(m), ''));
  // A bare command envelope reads as the command and what it was given (formatDisplayUserInput).
  typed = typed.replace(COMMAND, (_m, slash: string | undefined, body: string) => (slash ? `/${slash} ${body.replace(slash === 'team' ? TEAM : /^$/, '')}`.trim() : body));
  return { typed: typed.trim(), added };
}
