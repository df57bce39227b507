/**
 * Combines what one source file says about a conversation now with what the archive already
 * holds: a session spread over several files, a resumed session repeating records, and a
 * source the agent truncated, rewound or rewrote. The archive only grows: a message the
 * re-read file no longer holds as it was is kept, marked `supersededAt`, and the rewrite is
 * recorded on the conversation. Messages seen in another file already are not duplicated.
 */
import type { Conversation, Message, SourceRewrite, Usage } from '../../../shared/record';
import { withoutEchoes } from './echoes';

export interface MergeOptions {
  /**
   * The file may have dropped or changed what was read from it before (it did not only grow),
   * so what it no longer holds must be kept. When false, the file only grew: its fresh parse
   * replaces its earlier contribution (a parser that reads the same bytes differently now wins).
   */
  readonly preserve: boolean;
  /** How the file changed, for the record of the rewrite. */
  readonly how: SourceRewrite['how'];
  /** The archived copy was slimmed by retention: a fresh message with the same id replaces it. */
  readonly degraded: boolean;
  /** ISO time of this store. */
  readonly now: string;
  /** Earlier files of the same log `freshPath` takes over from: what they gave is not repeated (echoes.ts). */
  readonly replaces?: readonly string[];
  /** Those files hold the same chat written in parallel: echoes matched as a mirror's. */
  readonly mirrors?: boolean;
}

export interface MergeResult {
  readonly conversation: Conversation;
  /** Messages newly kept because the source no longer holds them (0: nothing was rewritten). */
  readonly kept: number;
}

export function mergeConversation(previous: Conversation, fresh: Conversation, freshPath: string, options: MergeOptions): MergeResult {
  const others = previous.sources.filter((s) => s !== freshPath);
  const multi = others.length > 0;
  const freshIndex = others.length;
  const isOwn = (m: Message) => previous.sources[m.source ?? 0] === freshPath;

  const otherMessages: Message[] = [];
  const ownPrevious: Message[] = [];
  for (const m of previous.messages) {
    if (isOwn(m)) ownPrevious.push(m);
    else otherMessages.push(multi ? { ...m, source: others.indexOf(previous.sources[m.source ?? 0]) } : m);
  }
  const seenElsewhere = new Set(otherMessages.map((m) => m.id));
  const replaced = new Set(options.replaces ?? []);
  const fromReplaced = previous.messages.filter((m) => replaced.has(previous.sources[m.source ?? 0]) && !m.supersededAt);
  const unseen = fresh.messages.filter((m) => !seenElsewhere.has(m.id));
  const freshMessages = (fromReplaced.length ? withoutEchoes(unseen, fromReplaced, options.mirrors) : unseen).map((m) => (multi ? { ...m, source: freshIndex } : m));

  const { carried, kept } = carryOver(ownPrevious, freshMessages, options);
  const own = carried.length ? interleave(freshMessages, carried, new Set([...seenElsewhere, ...freshMessages.map((m) => m.id)]), multi ? freshIndex : undefined) : freshMessages;
  const rewrites = [...(previous.rewrites ?? [])];
  if (kept > 0) rewrites.push({ at: options.now, path: freshPath, how: options.how, kept });

  if (!multi && carried.length === 0) return { conversation: withRewrites(fresh, rewrites), kept };
  const messages = multi ? orderByTime([...otherMessages, ...own]) : own;
  const conversation: Conversation = {
    ...fresh,
    title: multi ? (previous.title ?? fresh.title) : (fresh.title ?? previous.title),
    parentId: fresh.parentId ?? previous.parentId,
    // The relation belongs to the link: it comes from whichever file gave the parent.
    relation: fresh.parentId ? fresh.relation : previous.relation,
    parentToolCallId: fresh.parentToolCallId ?? previous.parentToolCallId,
    cwd: fresh.cwd ?? previous.cwd,
    gitBranch: fresh.gitBranch ?? previous.gitBranch,
    startedAt: minIso(previous.startedAt, fresh.startedAt),
    endedAt: maxIso(previous.endedAt, fresh.endedAt),
    models: [...new Set([...previous.models, ...fresh.models])],
    usage: largerUsage(previous.usage, fresh.usage),
    sources: multi ? [...others, freshPath] : [freshPath],
    sourcePath: freshPath,
    warnings: multi ? [...previous.warnings, ...fresh.warnings] : fresh.warnings,
    messages,
  };
  return { conversation: withRewrites(conversation, rewrites), kept };
}

interface Carried {
  readonly message: Message;
  /** The fresh message it followed (its place in the thread), or undefined at the start. */
  readonly after?: string;
}

/**
 * Which of the file's earlier messages must be carried over: those already marked as earlier
 * revisions always, and (when preserving) those the fresh parse no longer holds as they were.
 */
function carryOver(ownPrevious: readonly Message[], fresh: readonly Message[], options: MergeOptions): { carried: Carried[]; kept: number } {
  const freshById = new Map(fresh.map((m) => [m.id, m]));
  let byContent: Map<string, Message[]> | undefined;
  const carried: Carried[] = [];
  const synthetic: Carried[] = [];
  let kept = 0;
  let after: string | undefined;
  const matchOf = (m: Message, id: string) => {
    const byId = freshById.get(id);
    if (byId && covers(byId, m, options.degraded)) return byId;
    byContent ??= groupByContent(fresh);
    return byContent.get(contentKey(m))?.shift();
  };
  for (const m of ownPrevious) {
    if (m.supersededAt) {
      // An earlier revision stays until the file holds it again (an agent that undid a rewind).
      const back = matchOf(m, m.id.replace(/~r\d+$/, ''));
      if (back) after = back.id;
      else carried.push({ message: m, after });
      continue;
    }
    if (!options.preserve) continue;
    const match = matchOf(m, m.id);
    if (match) {
      after = match.id;
    } else if (isRetentionNote(m)) {
      synthetic.push({ message: m, after });
    } else {
      carried.push({ message: { ...m, supersededAt: options.now }, after });
      kept += 1;
    }
  }
  // A digest's closing note stands for answers a slimmed copy no longer has: keep it only
  // while those answers are not back in full.
  if (kept > 0) for (const s of synthetic) carried.push({ message: { ...s.message, supersededAt: options.now }, after: s.after });
  return { carried, kept };
}

/**
 * Does the fresh message still hold what the person saw in the earlier one? The same role, and
 * every text and reasoning part still there (a message being streamed may only have grown),
 * and the same tool calls and results. A slimmed (degraded) copy is covered by its id alone.
 */
function covers(fresh: Message, earlier: Message, degraded: boolean): boolean {
  if (fresh.role !== earlier.role) return false;
  if (degraded) return true;
  const texts = (m: Message) => m.parts.flatMap((p) => (p.type === 'text' || p.type === 'reasoning' ? [p.content] : []));
  const freshTexts = texts(fresh);
  let j = 0;
  for (const t of texts(earlier)) {
    while (j < freshTexts.length && !freshTexts[j].startsWith(t)) j += 1;
    if (j === freshTexts.length) return false;
    j += 1;
  }
  const toolIds = (m: Message) => new Set(m.parts.flatMap((p) => (p.type === 'tool_call' || p.type === 'tool_call_response' ? [`${p.type}:${p.id}`] : [])));
  const freshTools = toolIds(fresh);
  for (const id of toolIds(earlier)) if (!freshTools.has(id)) return false;
  return true;
}

/** The same message under another id (a rewrite that renumbered the file's lines). */
function contentKey(m: Message): string {
  return `${m.role}\n${m.kind ?? ''}\n${JSON.stringify(m.parts)}`;
}

function groupByContent(messages: readonly Message[]): Map<string, Message[]> {
  const map = new Map<string, Message[]>();
  for (const m of messages) {
    const key = contentKey(m);
    const list = map.get(key);
    if (list) list.push(m);
    else map.set(key, [m]);
  }
  return map;
}

/** Retention's own messages in a slimmed copy (a digest's closing note, a data-loss note). */
function isRetentionNote(m: Message): boolean {
  return m.id.startsWith('dejavu-') && (m.kind === 'digest' || m.kind === 'data-loss');
}

/**
 * The fresh messages in their order, each carried-over message placed right after the fresh
 * message its predecessor matched. A carried id the fresh parse reuses gets a suffix, and
 * links between carried messages follow the renaming.
 */
function interleave(fresh: readonly Message[], carried: readonly Carried[], taken: Set<string>, source: number | undefined): Message[] {
  const renamed = new Map<string, string>();
  for (const { message } of carried) {
    if (!taken.has(message.id)) {
      taken.add(message.id);
      continue;
    }
    let n = 1;
    while (taken.has(`${message.id}~r${n}`)) n += 1;
    renamed.set(message.id, `${message.id}~r${n}`);
    taken.add(`${message.id}~r${n}`);
  }
  const placed = (c: Carried): Message => {
    const m: Message = { ...c.message, id: renamed.get(c.message.id) ?? c.message.id };
    if (m.parentId && renamed.has(m.parentId)) m.parentId = renamed.get(m.parentId);
    if (source !== undefined) m.source = source;
    return m;
  };
  const afterId = new Map<string | undefined, Message[]>();
  for (const c of carried) {
    const list = afterId.get(c.after);
    if (list) list.push(placed(c));
    else afterId.set(c.after, [placed(c)]);
  }
  const out: Message[] = [...(afterId.get(undefined) ?? [])];
  for (const m of fresh) {
    out.push(m);
    const next = afterId.get(m.id);
    if (next) out.push(...next);
  }
  return out;
}

function withRewrites(c: Conversation, rewrites: SourceRewrite[]): Conversation {
  if (rewrites.length === 0) return c;
  return { ...c, rewrites };
}

/** Stable order by timestamp; messages without one keep their place relative to neighbours. */
function orderByTime(messages: Message[]): Message[] {
  let last = '';
  const keyed = messages.map((m, i) => {
    if (m.timestamp) last = m.timestamp;
    return { m, i, t: m.timestamp ?? last };
  });
  keyed.sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.i - b.i));
  return keyed.map((k) => k.m);
}

function minIso(a?: string, b?: string): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a < b ? a : b;
}

function maxIso(a?: string, b?: string): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/** Two files of one session report disjoint turns; the larger total wins where they overlap. */
function largerUsage(a?: Usage, b?: Usage): Usage | undefined {
  if (!a) return b;
  if (!b) return a;
  const out: Usage = {};
  for (const key of ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const) {
    const v = Math.max(a[key] ?? 0, b[key] ?? 0);
    if (a[key] !== undefined || b[key] !== undefined) out[key] = v;
  }
  return out;
}
