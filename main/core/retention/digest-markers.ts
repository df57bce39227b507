/**
 * Digest facts about what happened along a conversation, for the digest contract
 * (`dejavu digest`): how many messages of each kind, where the notable ones are (markers), and
 * the errors met, each with a fingerprint so the same failure is recognised across runs.
 */
import { createHash } from 'node:crypto';
import type { ErrorFact, MarkerFact } from '../../../shared/digest-contract';
import { farText, headOf } from '../../../shared/far-strings';
import type { Conversation, Message } from '../../../shared/record';

export interface MarkerFacts {
  readonly kindCounts: Record<string, number>;
  readonly markers: MarkerFact[];
  readonly errors: ErrorFact[];
}

const MARKER_KINDS = new Set(['interrupt', 'interrupted', 'retry', 'compaction-summary', 'compaction', 'api-error', 'error', 'tool-error', 'slash-command', 'subagent-task', 'turn-limit']);
const ERROR_KINDS = new Set(['api-error', 'error', 'tool-error']);
const SNIPPET = 300;
const MAX_MARKERS = 500;
const MAX_ERRORS = 100;

export function markerFacts(c: Conversation): MarkerFacts {
  // No prototype: a kind named `constructor` or `__proto__` (kinds may come from the native records) counts like any other.
  const kindCounts: Record<string, number> = Object.create(null) as Record<string, number>;
  const markers: MarkerFact[] = [];
  const errors = new Map<string, { fact: ErrorFact; count: number }>();
  const toolNames = new Map<string, string>();
  const addError = (text: string, index: number, source: ErrorFact['source'], tool?: string) => {
    const fingerprint = errorFingerprint(text);
    const seen = errors.get(fingerprint);
    if (seen) seen.count += 1;
    else if (errors.size < MAX_ERRORS) errors.set(fingerprint, { fact: { fingerprint, snippet: snippetOf(text), count: 1, firstIndex: index, source, ...(tool ? { tool } : {}) }, count: 1 });
  };
  c.messages.forEach((m, index) => {
    const kind = m.kind ?? m.role;
    kindCounts[kind] = (kindCounts[kind] ?? 0) + 1;
    if (m.supersededAt) pushMarker(markers, { kind: 'earlier-revision', index, timestamp: m.timestamp });
    else if (m.kind && MARKER_KINDS.has(m.kind)) pushMarker(markers, { kind: m.kind, index, timestamp: m.timestamp });
    if (m.kind && ERROR_KINDS.has(m.kind)) addError(textOf(m), index, 'message');
    for (const p of m.parts) {
      if (p.type === 'tool_call') toolNames.set(p.id, p.name);
      // A far string's head (a huge line's output left in its file): the fingerprint reads 2,000 characters, the snippet fewer.
      else if (p.type === 'tool_call_response' && p.isError) addError(farText(p.response) ? headOf(p.response, 64 * 1024) : p.response, index, 'tool', toolNames.get(p.id));
    }
  });
  return { kindCounts, markers, errors: [...errors.values()].map((e) => ({ ...e.fact, count: e.count })) };
}

function pushMarker(markers: MarkerFact[], m: MarkerFact): void {
  if (markers.length < MAX_MARKERS) markers.push(m.timestamp ? m : { kind: m.kind, index: m.index });
}

/**
 * The shape of an error, not its particulars: numbers, hex ids, quoted strings and paths are
 * folded, so "ENOENT: /a/b.ts line 12" and "ENOENT: /c/d.ts line 40" share one fingerprint.
 */
export function errorFingerprint(text: string): string {
  const shape = text
    .slice(0, 2_000)
    .toLowerCase()
    .replace(/(?:[a-z]:)?[\\/][^\s'"`:,)]+/g, '<path>')
    .replace(/\b[0-9a-f]{7,}\b/g, '<hex>')
    .replace(/\d+/g, '<n>')
    .replace(/(["'`]).*?\1/g, '<str>')
    .replace(/\s+/g, ' ')
    .trim();
  return createHash('sha256').update(shape).digest('hex').slice(0, 16);
}

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1)}…` : flat;
}

function textOf(m: Message): string {
  // A far string's head (a huge line's text left in its file): what the fingerprint and snippet read of it.
  const read = (text: string) => (farText(text) ? headOf(text, 64 * 1024) : text);
  return m.parts.map((p) => (p.type === 'text' || p.type === 'generic' ? read(p.content) : p.type === 'tool_call_response' ? read(p.response) : '')).join('\n');
}
