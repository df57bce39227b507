/**
 * The one rule for token counts entering the archive. The blob keeps them as uint64, so a
 * negative count would come back as 18446744073709552000 and a fractional one cut, while the
 * index kept the number as reported: record, blob and index disagreed. Here, before anything
 * is derived from the record: a count keeps its non-negative integer part, and a count that
 * is negative, not a finite number or beyond exact integers is left out, with a warning.
 */
import type { Conversation, Message, ParseWarning, Usage } from '../../../shared/record';

const FIELDS = [
  ['inputTokens', 'input'],
  ['outputTokens', 'output'],
  ['cacheReadTokens', 'cache read'],
  ['cacheWriteTokens', 'cache write'],
  ['reasoningTokens', 'reasoning'],
] as const;

/** `c` with every token count storable; the same object when nothing needed a change. */
export function withStorableTokenCounts(c: Conversation): Conversation {
  const warnings: ParseWarning[] = [];
  const usage = c.usage && storable(c.usage, '', warnings);
  let messages: Message[] | undefined;
  c.messages.forEach((m, i) => {
    const fixed = m.usage && storable(m.usage, `message ${m.id}: `, warnings);
    if (fixed === m.usage) return;
    messages ??= [...c.messages];
    messages[i] = { ...m, usage: fixed };
  });
  if (usage === c.usage && !messages) return c;
  return { ...c, usage, messages: messages ?? c.messages, warnings: [...c.warnings, ...warnings] };
}

function storable(u: Usage, where: string, warnings: ParseWarning[]): Usage {
  let out: Usage | undefined;
  for (const [key, label] of FIELDS) {
    const v = u[key];
    if (v === undefined) continue;
    const ok = Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
    const kept = ok ? Math.trunc(v) : undefined;
    if (kept === v) continue;
    out ??= { ...u };
    if (kept === undefined) {
      delete out[key];
      warnings.push({ message: `${where}${label} token count ${String(v)} is not a count of tokens: left out` });
    } else {
      out[key] = kept;
    }
  }
  return out ?? u;
}
