/** Recognises Kimi files from their first line and path, without parsing the whole file. */
import path from 'node:path';
import type { DetectSample } from '../kit/provider';

const PSEUDO_ROLE = /^\{\s*"role"\s*:\s*"_(checkpoint|usage|system_prompt)"/;
const MESSAGE_ROLE = /^\{\s*"role"\s*:\s*"(user|assistant|system|tool)"\s*,\s*"(content|tool_calls)"/;
const WIRE_METADATA = /^\{\s*"type"\s*:\s*"metadata"\s*,\s*"protocol_version"\s*:/;
const CONTEXT_NAME = /^(context(_\d+)?|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(_.+)?)\.jsonl$/i;

export function detectKimi(sample: DetectSample): boolean {
  const head = sample.head.trimStart();
  const newline = head.indexOf('\n');
  const first = newline === -1 ? head : head.slice(0, newline);
  // kimi-cli context: its pseudo-roles are unique to it.
  if (PSEUDO_ROLE.test(first)) return true;
  // A context file that starts with a message (no checkpoint yet): trust it only under a Kimi name.
  if (MESSAGE_ROLE.test(first)) return CONTEXT_NAME.test(path.basename(sample.path)) && !/"message"\s*:\s*\{/.test(first);
  // kimi-code journal (kimi-cli's own wire.jsonl has the same header but is not a transcript we read).
  if (WIRE_METADATA.test(first)) {
    const parts = sample.path.split(/[\\/]/);
    return parts[parts.length - 3] === 'agents' || /"type"\s*:\s*"(context|turn)\.[a-z_]+"/.test(head);
  }
  return false;
}
