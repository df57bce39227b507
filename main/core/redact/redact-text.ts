/**
 * Finding secrets in one text and masking them: `[redacted: <kind>]`. The mask holds no quote,
 * backslash or line break, so JSON text (tool arguments, native records) stays valid JSON.
 */
import { extraFindings } from './extra-rules';
import type { SecretFinding } from './finding';
import { secretlintFindings } from './secretlint-rules';

// No detector matches fewer characters than this (the shortest: a 3-character URL password in a URL).
export const MIN_LENGTH = 12;

/** Every secret in `text`, in order; overlapping findings merged (the wider one's kind wins). */
export function findSecrets(text: string): SecretFinding[] {
  if (text.length < MIN_LENGTH) return [];
  return mergeFindings(detectorFindings(text));
}

/** What every detector finds in `text`, unmerged and unsorted. */
export function detectorFindings(text: string): SecretFinding[] {
  return [...secretlintFindings(text), ...extraFindings(text)];
}

/** Findings in order, overlapping ones merged (the wider one's kind wins). */
export function mergeFindings(findings: SecretFinding[]): SecretFinding[] {
  const merged: SecretFinding[] = [];
  for (const f of findings.sort(byPlace)) {
    const last = merged.at(-1);
    if (last && f.start < last.end) {
      if (f.end > last.end) merged[merged.length - 1] = { ...last, end: f.end };
      continue;
    }
    merged.push(f);
  }
  return merged;
}

/** By start, the wider first at the same start. */
export function byPlace(a: SecretFinding, b: SecretFinding): number {
  return a.start - b.start || b.end - a.end;
}

export function mask(kind: string): string {
  return `[redacted: ${kind}]`;
}

export interface RedactedText {
  readonly text: string;
  readonly found: readonly SecretFinding[];
}

export function redactText(text: string): RedactedText {
  const found = findSecrets(text);
  if (found.length === 0) return { text, found };
  let out = '';
  let at = 0;
  for (const f of found) {
    out += text.slice(at, f.start) + mask(f.kind);
    at = f.end;
  }
  return { text: out + text.slice(at), found };
}
