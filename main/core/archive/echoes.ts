/**
 * A session an agent moved to a new log (Grok CLI: chat_history.jsonl, then updates.jsonl after
 * an upgrade) repeats in the new log turns the archive read from the old one, under other
 * message ids and in another shape (streamed chunks vs model-context items). The archived copy
 * of such a turn stays; the new log's copy is left out, so each turn shows once. A turn is
 * recognised by its prompt text and at least one answer in common (a tool call or result id,
 * or the same reply text), in order: a prompt typed again later ("continue") with another
 * answer is a new turn and is kept.
 */
import type { Message } from '../../../shared/record';

interface Turn {
  /** The prompt's key, undefined for what comes before the first prompt. */
  readonly prompt?: string;
  /** The prompt message (if any) and what follows it up to the next prompt. */
  readonly messages: Message[];
}

/**
 * The fresh messages without those that repeat a turn of `earlier` (from the log this one
 * replaced). `mirrored`: `earlier` is the same chat written in parallel, not an older log (Cursor's
 * store beside its transcript): a call is also known by its name and arguments (one log keeps no
 * call ids), and the last turn of one log, with no answer yet, is known by its prompt.
 */
export function withoutEchoes(fresh: readonly Message[], earlier: readonly Message[], mirrored = false): Message[] {
  const keysOf = mirrored ? mirrorKeysOf : ownKeysOf;
  const earlierTurns = turnsOf(earlier, keysOf).map((t) => ({ ...t, answers: answerPool(t, keysOf) }));
  const out: Message[] = [];
  /** A dropped message's id → the archived message it repeats, for the links of what is kept. */
  const standIn = new Map<string, string>();
  let next = 0;
  const freshTurns = turnsOf(fresh, keysOf);
  freshTurns.forEach((turn, j) => {
    const answers = turn.messages.filter((m) => !isPrompt(m, turn)).flatMap((m) => keysOf(m));
    let at = earlierTurns.findIndex((e, i) => {
      if (i < next || e.prompt !== turn.prompt) return false;
      // Two turns without answers match by their prompt alone (a turn interrupted before a reply).
      return answers.length === 0 ? e.answers.size === 0 : answers.some((k) => e.answers.has(k));
    });
    // In a mirror, the last turn of one log may have no answer yet: known by its prompt.
    if (at < 0 && mirrored) {
      const lastFresh = j === freshTurns.length - 1 && answers.length === 0;
      at = earlierTurns.findIndex((e, i) => i >= next && e.prompt === turn.prompt && (lastFresh || (e.answers.size === 0 && i === earlierTurns.length - 1)));
    }
    if (at < 0) {
      out.push(...turn.messages);
      return;
    }
    next = at + 1;
    const match = earlierTurns[at];
    for (const m of turn.messages) {
      const same = isPrompt(m, turn) ? match.messages.find((e) => isPrompt(e, match)) : take(match.answers, keysOf(m));
      if (same) standIn.set(m.id, same.id);
      else out.push(m);
    }
  });
  if (standIn.size === 0) return out;
  return out.map((m) => (m.parentId && standIn.has(m.parentId) ? { ...m, parentId: standIn.get(m.parentId) } : m));
}

function turnsOf(messages: readonly Message[], keysOf: KeysOf): Turn[] {
  const turns: Turn[] = [{ messages: [] }];
  for (const m of messages) {
    if (m.role === 'user') turns.push({ prompt: keysOf(m)[0] ?? '', messages: [m] });
    else turns[turns.length - 1].messages.push(m);
  }
  return turns.filter((t) => t.messages.length > 0);
}

function isPrompt(m: Message, turn: Turn): boolean {
  return turn.prompt !== undefined && m === turn.messages[0];
}

/** Each answer key of an earlier turn → its messages carrying it, in order (taken once each). */
function answerPool(turn: Turn, keysOf: KeysOf): Map<string, Message[]> {
  const pool = new Map<string, Message[]>();
  for (const m of turn.messages) {
    if (isPrompt(m, turn)) continue;
    for (const key of keysOf(m)) {
      const list = pool.get(key);
      if (list) list.push(m);
      else pool.set(key, [m]);
    }
  }
  return pool;
}

/** The archived message a fresh one repeats: the first with one of its keys still untaken. */
function take(pool: Map<string, Message[]>, keys: readonly string[]): Message | undefined {
  for (const key of keys) {
    const found = pool.get(key)?.[0];
    if (!found) continue;
    for (const [k, list] of pool) {
      const i = list.indexOf(found);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) pool.delete(k);
    }
    return found;
  }
  return undefined;
}

type KeysOf = (m: Message) => string[];

/** In a mirror, a call is also known by its name and arguments (one log keeps no call ids). */
const mirrorKeysOf: KeysOf = (m) => [...ownKeysOf(m), ...m.parts.flatMap((p) => (p.type === 'tool_call' ? [`call:${p.name}(${canonical(p.arguments)})`] : []))];

/**
 * What identifies a message across two logs of one session: its tool call and result ids, and
 * its role with its text (reasoning aside: one log may hold it apart or not at all).
 */
function ownKeysOf(m: Message): string[] {
  const keys: string[] = [];
  for (const p of m.parts) {
    if (p.type === 'tool_call' && p.id) keys.push(`call:${p.id}`);
    if (p.type === 'tool_call_response' && p.id) keys.push(`result:${p.id}`);
  }
  const text = m.parts.flatMap((p) => (p.type === 'text' ? [p.content] : [])).join('\n').trim();
  if (text) keys.push(`${m.role}:${text}`);
  return keys;
}

/** Arguments as JSON with sorted keys (two logs may order them apart), or as written when not JSON. */
function canonical(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), (_key, value: unknown) =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
    );
  } catch {
    return args.trim();
  }
}
