/**
 * Redaction as a transform on the record, applied before any view is made of it: Markdown,
 * JSON, HTML, `show`, MCP answers and (when the person opts in) the archive writer all call
 * this first, so no renderer needs to know about secrets.
 */
import type { FarConversation } from '../../../shared/far-record';
import { farStringsIn, mapFarStringsIn } from '../../../shared/far-strings';
import type { Conversation } from '../../../shared/record';
import { withPartText } from '../../../shared/part-text';
import { type PieceFinding, redactFarText } from './redact-pieces';
import { redactText } from './redact-text';

export interface RedactedConversation<C extends FarConversation = Conversation> {
  readonly conversation: C;
  /** Distinct secrets masked, by kind (empty when none were found). */
  readonly kinds: Readonly<Record<string, number>>;
  readonly count: number;
}

/**
 * A copy of `c` with every secret in its text (and native records) masked; `c` itself is unchanged.
 * A far string (a huge stored output, shared/far-strings.ts) is masked window by window
 * (redact-pieces.ts) and stays a far string.
 */
export function redactConversation(c: Conversation): RedactedConversation;
export function redactConversation(c: FarConversation): RedactedConversation<FarConversation>;
export function redactConversation(c: FarConversation): RedactedConversation<FarConversation> {
  const kinds: Record<string, number> = {};
  // A secret typed once shows up in the prompt, its native record and the title: counted once.
  const seen = new Set<string>();
  // A far string is scanned once, though its part and its native record (twice, for Claude Code) hold it.
  const farDone = new Map<string, string>();
  const clean = (text: string): string => {
    // A native record being captured holds its far strings JSON-escaped: each is masked as one, the text around them as text.
    if (farStringsIn(text).length) return mapFarStringsIn(text, clean, clean);
    const done = farDone.get(text);
    if (done !== undefined) return done;
    const far = redactFarText(text);
    const r = far ?? redactText(text);
    for (const f of r.found) {
      const key = `${f.kind}\u0000${far ? (f as PieceFinding).secret : text.slice(f.start, f.end)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      kinds[f.kind] = (kinds[f.kind] ?? 0) + 1;
    }
    if (far) farDone.set(text, r.text);
    return r.text;
  };
  const cleanOptional = (text: string | undefined) => (text === undefined ? undefined : clean(text));
  const messages = c.messages.map((m) => ({ ...m, parts: m.parts.map((p) => withPartText(p, clean)), ...(m.native !== undefined ? { native: clean(m.native) } : {}) }));
  const conversation: FarConversation = {
    ...c,
    ...(c.title !== undefined ? { title: cleanOptional(c.title) } : {}),
    warnings: c.warnings.map((w) => ({ ...w, message: clean(w.message) })),
    messages,
  };
  const count = Object.values(kinds).reduce((a, b) => a + b, 0);
  return { conversation: count ? conversation : c, kinds, count };
}

/** "3 secrets redacted (2 aws-key, 1 jwt)". */
export function describeRedaction(r: Pick<RedactedConversation, 'kinds' | 'count'>): string {
  if (r.count === 0) return 'no secrets found';
  const detail = Object.entries(r.kinds)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');
  return `${r.count} secret${r.count === 1 ? '' : 's'} redacted (${detail})`;
}
