/** List: the archived conversations, newest first, filtered. */
import { AGENT_IDS } from '../../../shared/agents';
import type { ArchivedSummary } from '../../../shared/views';
import type { ArchiveReader } from '../access/archive-reader';
import type { ListFilters } from '../archive/index-reader';
import { parseDate, resolveAgent } from '../search/query';

export type { ListFilters } from '../archive/index-reader';

export function listConversations(reader: ArchiveReader, filters: ListFilters = {}): ArchivedSummary[] {
  return reader.list(filters);
}

/** One conversation's summary (an id, a unique prefix, or the agent's own session id). */
export function conversationSummary(reader: ArchiveReader, idOrPrefix: string): ArchivedSummary {
  return reader.summary(idOrPrefix);
}

export interface FindArgs {
  readonly workspace?: string;
  /** An agent id or name prefix. */
  readonly agent?: string;
  /** Started on this day (YYYY-MM-DD). */
  readonly date?: string;
  /** Active since a date or an age (7d). */
  readonly since?: string;
  /** Only conversations with a message matching this search, in the order of their best hit. */
  readonly text?: string;
}

/** Conversations matching loose filters, as an agent asks for them (MCP); throws on a filter that names nothing. */
export function findConversations(reader: ArchiveReader, args: FindArgs): ArchivedSummary[] {
  let agents: string[] | undefined;
  if (args.agent) {
    agents = resolveAgent(args.agent);
    if (agents.length === 0) throw new Error(`no agent is called "${args.agent}" (agents: ${AGENT_IDS.join(', ')})`);
  }
  let since: string | undefined;
  if (args.since) {
    since = parseDate(args.since, new Date());
    if (!since) throw new Error(`since: "${args.since}" is not a date (2026-01-31) or an age (12h, 7d, 2w)`);
  }
  const ws = args.workspace?.toLowerCase();
  return (args.text ? bestHitOrder(reader, args.text) : reader.list({ date: args.date })).filter(
    (s) =>
      (!ws || s.workspace.toLowerCase() === ws) &&
      (!agents || agents.includes(s.agent)) &&
      (!args.date || (s.startedAt ?? '').startsWith(args.date)) &&
      (!since || (s.endedAt ?? s.startedAt ?? '') >= since),
  );
}

function bestHitOrder(reader: ArchiveReader, text: string): ArchivedSummary[] {
  const seen = new Set<string>();
  const all: ArchivedSummary[] = [];
  for (const hit of reader.search(text, { limit: 2_000 })) {
    if (seen.has(hit.conversation.id)) continue;
    seen.add(hit.conversation.id);
    all.push(hit.conversation);
  }
  return all;
}
