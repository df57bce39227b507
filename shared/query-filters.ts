/**
 * The filters a search query names itself (`agent:codex`, `workspace:cli`, `in:tools`), read so
 * the app's controls can show them: the agent and workspace menus and the tool-output box say
 * what the query asks for. The query language itself is parsed by the core (search/query.ts).
 */
import { type AgentId, resolveAgent } from './agents';

export interface QueryFilters {
  readonly agent?: AgentId;
  readonly workspace?: string;
  readonly inTools: boolean;
}

const TOKEN = /(?:^|\s)(agent|workspace|in|role):(?:"([^"]*)"?|(\S*))/gi;

export function queryFilters(query: string): QueryFilters {
  let agent: AgentId | undefined;
  let workspace: string | undefined;
  let inTools = false;
  for (const m of query.matchAll(TOKEN)) {
    const key = m[1].toLowerCase();
    const value = m[2] ?? m[3] ?? '';
    if (key === 'agent') {
      const ids = resolveAgent(value);
      if (ids.length === 1) agent = ids[0] as AgentId;
    } else if (key === 'workspace' && value) workspace = value;
    else if ((key === 'in' && value.toLowerCase() === 'tools') || (key === 'role' && value.toLowerCase() === 'tool')) inTools = true;
  }
  return { agent, workspace, inTools };
}

/** The query without its `key:` filters of these keys (the control now says it instead). */
export function withoutFilter(query: string, key: 'agent' | 'workspace' | 'in'): string {
  return query
    .replace(new RegExp(`(^|\\s)${key}:(?:"[^"]*"?|\\S*)`, 'gi'), '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
