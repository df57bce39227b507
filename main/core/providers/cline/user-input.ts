/**
 * A `user` message of a Cline SDK session (sdk-session.ts) as what the person typed, what the
 * runtime put beside it, and the tool results it carries. The runtime wraps typed text
 * (formatUserInputBlock, formatUserCommandBlock, formatModeSwitchNotice, formatFileContentBlock
 * in @cline/shared): `<user_input mode="act|plan|yolo">typed</user_input>`, `<mode_notice>…
 * </mode_notice>` before or inside it, `<file_content path="…">…</file_content>` after it, and a
 * slash command as `<user_command slash="review">the command's instructions</user_command>` in
 * place of `/review` (`/team X` is written `spawn a team of agents for the following task: X`).
 */
import type { Message, Part } from '../../../../shared/record';
import { asText, str, type Json } from '../kit/json';

const NOTICE = /<mode_notice\b[^>]*>[\s\S]*?<\/mode_notice>/g;
const FILE = /<file_content\b[^>]*>[\s\S]*?<\/file_content>/g;
const INPUT = /<user_input\b[^>]*>([\s\S]*?)<\/user_input>/;
const COMMAND = /<user_command\b(?:[^>]*?\bslash="([^"]*)")?[^>]*>([\s\S]*?)<\/user_command>/g;
const TEAM = /^spawn a team of agents for the following task:\s*/;
/** The warning a resumed legacy task gets (legacy-task-handling.ts): its marker, and its first wording. */
const LEGACY_MARKER = '[cline-legacy-resume-warning:v1]';
const LEGACY_FIRST = 'Warning: this is a legacy conversation, which means tool names may have changed.';

export function isLegacyResumeWarning(text: string): boolean {
  return text.includes(LEGACY_MARKER) || text.trimStart().startsWith(LEGACY_FIRST);
}

/**
 * The messages one stored user message stands for: its tool results (`tool`), what was typed
 * (`user`), what the runtime added (`system`). `wrapped`: the session wraps what is typed, so
 * text outside a wrapper is the runtime's (an older writer wrapped nothing: then it is typed).
 */
export function userTurn(id: string, blocks: readonly Json[], wrapped: boolean, native: string): Message[] {
  const results: Part[] = [];
  const typed: Part[] = [];
  const added: Part[] = [];
  let legacy = false;
  for (const b of blocks) {
    if (b.type === 'tool_result') {
      const response = typeof b.content === 'string' ? b.content : asText(b.content ?? '');
      results.push({ type: 'tool_call_response', id: str(b.tool_use_id) ?? '', response, ...(b.is_error === true ? { isError: true } : {}) });
    } else if (b.type === 'image' && typeof b.data === 'string') {
      const mime = str(b.mediaType) ?? str(b.media_type) ?? 'image/png';
      typed.push({ type: 'blob', modality: 'image', mimeType: mime, content: b.data });
    } else if (b.type === 'file') {
      added.push({ type: 'text', content: str(b.content) ?? '' });
    } else if (b.type === 'text' && typeof b.text === 'string') {
      if (isLegacyResumeWarning(b.text)) legacy = true;
      const split = legacy ? { typed: '', added: [b.text] } : splitText(b.text, wrapped);
      if (split.typed) typed.push({ type: 'text', content: split.typed });
      for (const text of split.added) added.push({ type: 'text', content: text });
    } else {
      added.push({ type: 'generic', kind: str(b.type) ?? 'unknown', content: JSON.stringify(b) });
    }
  }
  const out: Message[] = [];
  const push = (suffix: string, role: Message['role'], parts: Part[], kind?: string) => {
    const message: Message = { id: out.length ? `${id}#${suffix}` : id, role, parts, source: 0 };
    if (kind) message.kind = kind;
    if (!out.length) message.native = native;
    out.push(message);
  };
  if (results.length) push('results', 'tool', results);
  if (typed.length) push('typed', 'user', typed, typed.some((p) => p.type === 'text' && p.content.startsWith('/')) ? 'slash-command' : undefined);
  if (added.length) push('added', 'system', added, legacy ? 'legacy-resume' : 'prompt-expansion');
  if (!out.length) push('empty', 'system', [], 'empty');
  return out;
}

/** What was typed in one text block, and what the runtime wrote around it. */
function splitText(text: string, wrapped: boolean): { typed: string; added: string[] } {
  const added: string[] = [];
  let rest = text.replace(NOTICE, (m) => (added.push(m), '')).replace(FILE, (m) => (added.push(m), ''));
  let typed = '';
  const input = INPUT.exec(rest);
  if (input) {
    typed = input[1];
    rest = rest.slice(0, input.index) + rest.slice(input.index + input[0].length);
    if (rest.trim()) added.push(rest.trim());
  } else if (!wrapped || rest.includes('<user_command')) {
    typed = rest;
  } else if (rest.trim()) {
    added.push(rest.trim());
  }
  // Typed text holds NOTICE/FILE blocks too when they were written inside the wrapper.
  typed = typed.replace(NOTICE, (m) => (added.push(m), '')).replace(FILE, (m) => (added.push(m), ''));
  typed = typed.replace(COMMAND, (_m, slash: string | undefined, body: string) => {
    added.push(body);
    if (slash === 'team' && TEAM.test(body)) return `/team ${body.replace(TEAM, '')}`;
    return slash ? `/${slash}` : '';
  });
  return { typed: typed.trim(), added };
}
