/**
 * Recognises a Cline / Roo Code ui_messages.json from its first bytes: a JSON array whose
 * first element is a say/ask message (`{"ts": <ms>, "type": "say" | "ask", …}`); or the task's
 * api_conversation_history.json: Anthropic messages, the first a user one holding `<task>`.
 */
import type { DetectSample } from '../kit/provider';

const ARRAY_OF_OBJECTS = /^\s*\[\s*\{/;
const TS = /"ts"\s*:\s*\d{12,}/;
const SAY_ASK = /"type"\s*:\s*"(say|ask)"\s*,\s*"(say|ask)"\s*:\s*"[a-z_]+"/;
const SAY_ASK_LOOSE = /"(say|ask)"\s*:\s*"[a-z_]+"/;
const TYPE = /"type"\s*:\s*"(say|ask)"/;
/** api_conversation_history.json: `[{"role":"user", "content": …, "ts"?: …}` … */
const API_ROLE = /"role"\s*:\s*"user"/;
const API_CONTENT = /"content"\s*:/;
/** … whose first prompt Cline wraps as `<task>` beside `<environment_details>`. */
const TASK_TEXT = /<task>|<environment_details>/;

/**
 * A Cline SDK session (sdk-session.ts), named `<id>.messages.json`: `{"version": 1, …}` with its
 * `sessionId` or `messages` in the head (an older writer put a long system prompt first).
 */
const SDK_FILE = /\.messages\.json$/;
const SDK_HEAD = /^\s*\{[\s\S]*"version"\s*:\s*1\b/;

export function detectClineTask(sample: DetectSample): boolean {
  const head = sample.head;
  if (SDK_FILE.test(sample.path)) return SDK_HEAD.test(head) && /"(sessionId|messages|system_?[pP]rompt)"\s*:/.test(head);
  if (!ARRAY_OF_OBJECTS.test(head)) return false;
  // The first element decides: look no further than its first few hundred bytes.
  const first = head.slice(0, 2048);
  if (API_ROLE.test(first) && API_CONTENT.test(first) && !TYPE.test(first)) return TASK_TEXT.test(head);
  if (!TS.test(first)) return false;
  return SAY_ASK.test(first) || (TYPE.test(first) && SAY_ASK_LOOSE.test(first));
}
