/** `search_conversations`: full-text search with snippets, in the query language every surface shares. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { effectiveQuery, matchCount, searchHits } from '../../core/use-cases/search';
import { guarded, summaryLine } from '../format';

const DESCRIPTION = `Search every message of every archived coding-agent conversation. Returns matching messages with a snippet (matches in **bold**), each naming its conversation id and message index: pass them to read_conversation (id, from=index) to read around the hit.
Query language (all parts combine with AND):
- words: each must appear in the same message; substring match, any case, so parts of paths, hashes, ids and CJK text are found (e.g. blob-store, 9f3ab12c, 重构)
- "a phrase": that exact text, spaces included
- -word: leave out messages containing it
- agent:codex  agent:claude   only that agent (id or name prefix)
- workspace:NAME             only that project
- file:PATH                  only conversations whose tool calls read/edited/wrote/patched that file (absolute, or relative: matches it in any checkout), e.g. file:src/app.ts error
- after:2026-01-31  before:2026-02  after:7d   by conversation date (YYYY-MM-DD, YYYY-MM, YYYY, today, yesterday, or an age 12h/7d/2w)
- role:user | role:assistant | role:tool | role:system   only messages of that role (role:user = what the person typed)
- tool:Bash                  only calls of that tool; the words must be in its arguments (e.g. tool:Bash "git push")
- in:tools                   also search tool output (command output, file contents): needed for ids, hashes and errors that only a tool printed
Tool output is left out by default. Ranking: relevance (bm25) with a bonus for recent conversations. Parts the language does not understand are searched as text and reported under "Notes".`;

export function registerSearchConversations(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'search_conversations',
    {
      title: 'Search conversations',
      description: DESCRIPTION,
      inputSchema: {
        query: z.string().min(1).max(1_000).describe('e.g. `"connection refused" agent:codex after:30d` or `a1b2c3d in:tools`'),
        include_tool_output: z.boolean().optional().describe('same as in:tools'),
        limit: z.number().int().min(1).max(100).optional().describe('at most this many hits (default 20)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => guarded(reader, (redact) => searchConversations(reader, args.query, args.include_tool_output, args.limit ?? 20, redact)),
  );
}

export function searchConversations(reader: ArchiveReader, query: string, includeToolOutput: boolean | undefined, limit: number, redact = false): string {
  const q = effectiveQuery(query, { includeToolOutput });
  const hits = searchHits(reader, query, { includeToolOutput, limit, redact });
  const out: string[] = [];
  if (q.warnings.length) out.push('Notes:', ...q.warnings.map((w) => `- ${w}`), '');
  if (hits.length === 0) {
    out.push(
      `No message matches ${JSON.stringify(query)}.${q.includeToolOutput ? '' : ' Tool output was not searched: add in:tools to search it.'} Try fewer or shorter words.`,
    );
    return out.join('\n');
  }
  out.push(`${hits.length} hit(s)${hits.length === limit ? ` (the first ${limit}; raise limit or narrow the query for more)` : ''}, best first:`, '');
  hits.forEach((h, i) => {
    let marked = '';
    let at = 0;
    for (const [s, e] of h.highlights) {
      if (s < at) continue;
      marked += `${h.snippet.slice(at, s)}**${h.snippet.slice(s, e)}**`;
      at = e;
    }
    marked += h.snippet.slice(at);
    const where = h.scope === 'message' ? h.role : `${h.role}, ${h.scope.replace('_', ' ')}`;
    out.push(`${i + 1}. ${summaryLine(h.conversation)}`, `   message ${h.messageIndex} (${where}) · ${matchCount(h.hitCount)}: ${marked}`);
  });
  out.push('', 'Read around a hit: read_conversation with id and from=<message index>.');
  return out.join('\n');
}
