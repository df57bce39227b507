/**
 * Combines what one source file says about a conversation with what other files said before
 * (a session spread over several files, or a resumed session repeating records). Messages
 * from the re-read file replace that file's earlier contribution; messages seen in another
 * file already are not duplicated.
 */
import type { Conversation, Message, Usage } from '../../../shared/record';

export function mergeConversation(previous: Conversation, fresh: Conversation, freshPath: string): Conversation {
  const sources = previous.sources.filter((s) => s !== freshPath);
  const remap = new Map<number, number>(); // previous source index -> merged index
  previous.sources.forEach((s, i) => {
    const at = sources.indexOf(s);
    if (at !== -1) remap.set(i, at);
  });
  const freshIndex = sources.length;
  sources.push(freshPath);

  const kept: Message[] = [];
  const seen = new Set<string>();
  for (const m of previous.messages) {
    const at = m.source === undefined ? 0 : remap.get(m.source);
    if (at === undefined) continue; // came from the file being re-read
    seen.add(m.id);
    kept.push({ ...m, source: at });
  }
  const added = fresh.messages.filter((m) => !seen.has(m.id)).map((m) => ({ ...m, source: freshIndex }));
  const messages = orderByTime([...kept, ...added]);

  return {
    ...fresh,
    title: previous.title ?? fresh.title,
    parentId: fresh.parentId ?? previous.parentId,
    parentToolCallId: fresh.parentToolCallId ?? previous.parentToolCallId,
    cwd: fresh.cwd ?? previous.cwd,
    gitBranch: fresh.gitBranch ?? previous.gitBranch,
    startedAt: minIso(previous.startedAt, fresh.startedAt),
    endedAt: maxIso(previous.endedAt, fresh.endedAt),
    models: [...new Set([...previous.models, ...fresh.models])],
    usage: largerUsage(previous.usage, fresh.usage),
    sources,
    sourcePath: freshPath,
    warnings: [...previous.warnings, ...fresh.warnings],
    messages,
  };
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
