/**
 * A conversation's digest: the small, durable summary that outlives its thread. Pure
 * (Conversation → Digest), versioned: bump DIGEST_VERSION when what it computes changes and
 * every digest whose thread still exists is rebuilt on the next analysis.
 *
 * Heuristics (also in README.md):
 * - prompts: every `user` message (what the person typed), with its text and small parts;
 *   pasted images and files are replaced by a note of their type and size.
 * - answers: `assistant` messages with visible text, except harness-made ones (`api-error`, `synthetic`).
 * - errors: tool results flagged as errors, plus `api-error` / `error` / `tool-error` messages.
 * - retries: messages of kind `retry`. interrupts: kinds `interrupt` / `interrupted`.
 * - files touched: the paths describeTool reads in tool calls (shared/tool-files.ts: the file
 *   argument of each agent's tools, and the `*** Add|Update|Delete File:` lines of apply_patch).
 * - outcome: `unknown` without a typed prompt; `abandoned` when the last prompt got no answer
 *   or the conversation ends in an interrupt; `fail` when it ends in an error (an error message,
 *   or a failed tool result with no answer after it); `success` when it ends in an answer.
 */
import { type FarText, farText, headOf, wholeFarText } from '../../../shared/far-strings';
import type { AgentId } from '../../../shared/agents';
import type { Conversation, Message, Part, ReasoningPart, TextPart, ToolCallPart, Usage } from '../../../shared/record';
import { type FileTouch, fileTouchesOf } from '../../../shared/tool-files';
import { addUsage } from '../../../shared/usage';
import { type FileTouchFact, fileFacts } from './digest-files';
import { type UsageBucket, usageBuckets } from './digest-usage';
import type { PlanFact } from '../../../shared/plans';
import { planFacts } from './digest-plans';
import type { ErrorFact, MarkerFact } from '../../../shared/digest-contract';
import { markerFacts } from './digest-markers';

/**
 * 2: usage per quarter hour and model (`usageBuckets`), files with their actions (`fileTouches`).
 * 3: plans made or used (`plans`).
 * 4: message kinds, markers and fingerprinted errors (`kindCounts`, `markers`, `errors`).
 * 5: `filesTouched` read the way every surface reads a tool call's paths (shared/tool-files.ts).
 */
export const DIGEST_VERSION = 5;

export type Outcome = 'success' | 'fail' | 'abandoned' | 'unknown';

/** A typed prompt as the digest keeps it: enough to show it again as a `user` message. */
export interface DigestPrompt {
  readonly id: string;
  readonly parentId?: string;
  readonly timestamp?: string;
  readonly kind?: string;
  readonly source?: number;
  readonly parts: (Part | StoredPromptPart)[];
}

/**
 * A prompt's text (or reasoning) too long to hold as one string (a huge line's far text,
 * shared/far-strings.ts), kept whole in the archive's content store under `contentRef`, which
 * content-sweep.ts keeps while a digest names it; `content` is its head, for a glance.
 */
export type StoredPromptPart = (TextPart | ReasoningPart) & { readonly contentRef: string };

/** Keeps a far text in the archive's content store and says its hash (digest-stored-text.ts); undefined where it cannot. */
export type KeepText = (far: FarText) => string | undefined;

export interface DigestCounts {
  readonly messages: number;
  readonly prompts: number;
  readonly answers: number;
  readonly toolCalls: number;
  readonly toolCallsByName: Readonly<Record<string, number>>;
  readonly errors: number;
  readonly retries: number;
  readonly interrupts: number;
}

export interface Digest {
  readonly version: number;
  readonly conversationId: string;
  readonly agent: AgentId;
  readonly nativeId: string;
  readonly title?: string;
  readonly workspace: string;
  readonly instance: string;
  readonly cwd?: string;
  readonly gitBranch?: string;
  /** The model that answered most; every model in `models`. */
  readonly model?: string;
  readonly models: string[];
  readonly startedAt?: string;
  readonly endedAt?: string;
  readonly durationMs?: number;
  readonly counts: DigestCounts;
  readonly usage?: Usage;
  /** US dollars, where the agent recorded a cost (none of the normalized records carry one yet). */
  readonly costUsd?: number;
  readonly firstPrompt?: string;
  readonly lastAnswer?: string;
  readonly filesTouched: string[];
  /** Token counts per quarter hour (UTC) and model; see digest-usage.ts. Absent in version-1 digests. */
  readonly usageBuckets?: UsageBucket[];
  /** Files read, edited, written, patched or deleted, absolute; see digest-files.ts. Absent in version-1 digests. */
  readonly fileTouches?: FileTouchFact[];
  /** Plans this conversation made or used; see digest-plans.ts. Absent before version 3. */
  readonly plans?: PlanFact[];
  /** Messages per kind (or role, without one), notable points, distinct errors; see digest-markers.ts. Absent before version 4. */
  readonly kindCounts?: Record<string, number>;
  readonly markers?: MarkerFact[];
  readonly errors?: ErrorFact[];
  readonly outcome: Outcome;
  readonly prompts: DigestPrompt[];
  readonly parentId?: string;
  readonly parentToolCallId?: string;
  readonly agentVersion?: string;
  readonly sourcePath: string;
  readonly sources: string[];
}

/** Snippets are for lists and the stage-2 thread; the prompts themselves are kept whole. */
export const SNIPPET_CHARS = 2_000;
/** Of a far text (a prompt's kept in the store) the digest reads this much: more than a snippet, so one cut from it ends as the whole text's does. */
const STORED_HEAD_CHARS = 2 * SNIPPET_CHARS;
const MAX_FILES = 200;
const PROMPT_GENERIC_CHARS = 16 * 1024;
const ERROR_KINDS = new Set(['api-error', 'error', 'tool-error']);
const INTERRUPT_KINDS = new Set(['interrupt', 'interrupted']);
const HARNESS_ANSWER_KINDS = new Set(['api-error', 'synthetic']);

/**
 * `keep`: where a prompt's far text goes (the archive's content store); without it (no archive
 * at hand) such a text is read whole into the digest, so a prompt is never lost.
 */
export function buildDigest(c: Conversation, keep?: KeepText): Digest {
  return JSON.parse(storableDigest(c, keep).json) as Digest; // what reading the stored JSON back gives
}

/** A digest as its row stores it: its JSON and the fields the row keeps beside it. */
export interface StorableDigest {
  readonly conversationId: string;
  readonly version: number;
  readonly outcome: Outcome;
  readonly json: string;
}

/**
 * A digest's JSON, built once (a sync's writer stores it without a round trip through it); the
 * digest object itself is let go at once (analysis holds a chunk of these).
 */
export function storableDigest(c: Conversation, keep?: KeepText): StorableDigest {
  const digest = digestOf(c, keep);
  return { conversationId: digest.conversationId, version: digest.version, outcome: digest.outcome, json: JSON.stringify(digest) };
}

function digestOf(c: Conversation, keep?: KeepText): Digest {
  // Each tool call's files, worked out once for the three facts that read them (a regex and a JSON.parse each).
  // Weak: a huge file's parts are made again at each walk, and a Map held every one seen (digest-memory.test.ts).
  const touched = new WeakMap<ToolCallPart, readonly FileTouch[]>();
  const touchesOf = (call: ToolCallPart) => {
    let touches = touched.get(call);
    if (!touches) touched.set(call, (touches = fileTouchesOf(call.name, call.arguments)));
    return touches;
  };
  // No prototype: a tool named `constructor` or `__proto__` (the transcript's words) is counted like any other.
  const byName: Record<string, number> = Object.create(null) as Record<string, number>;
  const models = new Map<string, number>();
  const files = new Set<string>();
  let toolCalls = 0;
  let errors = 0;
  let retries = 0;
  let interrupts = 0;
  let answers = 0;
  let summed: Usage | undefined;
  for (const m of c.messages) {
    if (m.model) models.set(m.model, (models.get(m.model) ?? 0) + 1);
    if (m.usage) summed = addUsage(summed, m.usage);
    if (m.kind && ERROR_KINDS.has(m.kind)) errors += 1;
    if (m.kind === 'retry') retries += 1;
    if (m.kind && INTERRUPT_KINDS.has(m.kind)) interrupts += 1;
    if (isAnswer(m)) answers += 1;
    for (const p of m.parts) {
      if (p.type === 'tool_call') {
        toolCalls += 1;
        byName[p.name] = (byName[p.name] ?? 0) + 1;
        if (files.size < MAX_FILES) for (const t of touchesOf(p)) files.add(t.path);
      } else if (p.type === 'tool_call_response' && p.isError) errors += 1;
    }
  }
  // Walked, not copied: a huge file's messages are made one at a time (claude-code/message-table.ts).
  const prompts: DigestPrompt[] = [];
  for (const m of c.messages) if (m.role === 'user') prompts.push(promptOf(m, keep));
  const lastAnswer = c.messages.findLast(isAnswer);
  const started = c.startedAt ? Date.parse(c.startedAt) : NaN;
  const ended = c.endedAt ? Date.parse(c.endedAt) : NaN;
  const digest: Digest = {
    version: DIGEST_VERSION,
    conversationId: c.id,
    agent: c.agent,
    nativeId: c.nativeId,
    title: c.title,
    workspace: c.workspace,
    instance: c.instance,
    cwd: c.cwd,
    gitBranch: c.gitBranch,
    model: [...models].sort((a, b) => b[1] - a[1])[0]?.[0] ?? c.models[0],
    models: c.models,
    startedAt: c.startedAt,
    endedAt: c.endedAt,
    durationMs: Number.isFinite(started) && Number.isFinite(ended) && ended >= started ? ended - started : undefined,
    counts: { messages: c.messages.length, prompts: prompts.length, answers, toolCalls, toolCallsByName: byName, errors, retries, interrupts },
    usage: c.usage ?? summed,
    firstPrompt: snippet(prompts[0] ? textOf(prompts[0].parts) : undefined),
    lastAnswer: snippet(lastAnswer ? textOf(lastAnswer.parts) : undefined),
    filesTouched: [...files].slice(0, MAX_FILES),
    usageBuckets: usageBuckets(c),
    fileTouches: fileFacts(c, touchesOf),
    plans: planFacts(c, touchesOf),
    ...markerFacts(c),
    outcome: outcomeOf(c.messages),
    prompts,
    parentId: c.parentId,
    parentToolCallId: c.parentToolCallId,
    agentVersion: c.agentVersion,
    sourcePath: c.sourcePath,
    sources: c.sources,
  };
  return digest;
}

function isAnswer(m: Message): boolean {
  return m.role === 'assistant' && !(m.kind && HARNESS_ANSWER_KINDS.has(m.kind)) && m.parts.some((p) => p.type === 'text' && p.content.trim() !== '');
}

function isError(m: Message): boolean {
  return Boolean(m.kind && ERROR_KINDS.has(m.kind));
}

/** The outcome heuristic documented at the top of this file. */
export function outcomeOf(messages: readonly Message[]): Outcome {
  const lastPrompt = messages.findLastIndex((m) => m.role === 'user');
  if (lastPrompt === -1) return 'unknown';
  const after = messages.slice(lastPrompt + 1);
  const lastAnswer = after.findLastIndex(isAnswer);
  const tail = after.slice(lastAnswer + 1);
  if (tail.some((m) => m.kind !== undefined && INTERRUPT_KINDS.has(m.kind))) return 'abandoned';
  const failed = tail.some((m) => isError(m) || m.parts.some((p) => p.type === 'tool_call_response' && p.isError));
  if (failed) return 'fail';
  return lastAnswer === -1 ? 'abandoned' : 'success';
}

function promptOf(m: Message, keep: KeepText | undefined): DigestPrompt {
  const parts: (Part | StoredPromptPart)[] = m.parts.map((p) => {
    if (p.type === 'text' || p.type === 'reasoning') {
      const far = farText(p.content);
      if (!far) return p;
      const contentRef = keep?.(far);
      return contentRef ? { ...p, content: headOf(p.content, STORED_HEAD_CHARS), contentRef } : { ...p, content: wholeFarText(far) };
    }
    if (p.type === 'blob') return { type: 'generic', kind: 'dropped-blob', content: `${p.mimeType} ${p.modality}, ${Math.round((p.content.length * 3) / 4)} bytes (not kept in the digest)` };
    if (p.type === 'generic' && p.content.length > PROMPT_GENERIC_CHARS) return { ...p, content: `${p.content.slice(0, PROMPT_GENERIC_CHARS)}…` };
    // A far string (a huge line's output left in its file) is short as it stands: its head is read.
    if (p.type === 'tool_call_response' && (p.response.length > PROMPT_GENERIC_CHARS || farText(p.response))) return { ...p, response: `${headOf(p.response, PROMPT_GENERIC_CHARS)}…` };
    return p;
  });
  return { id: m.id, parentId: m.parentId, timestamp: m.timestamp, kind: m.kind, source: m.source, parts };
}

/** The text parts' text; of a far one (a huge line's text left in its file) its head, enough for a snippet. */
export function textOf(parts: readonly Part[]): string {
  return parts
    .filter((p): p is Extract<Part, { type: 'text' }> => p.type === 'text')
    .map((p) => (farText(p.content) ? headOf(p.content, STORED_HEAD_CHARS) : p.content))
    .join('\n\n');
}

function snippet(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  return t.length > SNIPPET_CHARS ? `${t.slice(0, SNIPPET_CHARS)}…` : t;
}
