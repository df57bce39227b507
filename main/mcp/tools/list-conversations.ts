/** `list_conversations`: which conversations the archive holds, filtered, newest first. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { findConversations, type FindArgs } from '../../core/use-cases/list';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { guarded, summaryLine } from '../format';

const DESCRIPTION = `List the person's archived coding-agent conversations (Claude Code, Codex, Gemini CLI, OpenCode, Copilot, Cursor, Cline, Aider, …), newest first, one line each: id · agent · workspace · start time · message and prompt counts · title.
Use it to find a conversation's id, then read_conversation or get_digest with that id. All filters are optional and combine:
- workspace: the project name (usually the repository folder name), any case
- agent: an agent id or name prefix (claude-code, codex, gemini, opencode, copilot, cursor, cline, aider, …)
- date: conversations started on this day (YYYY-MM-DD, UTC)
- since: conversations active since a date (2026-01-31) or an age (12h, 7d, 2w)
- text: only conversations with a message matching this search (same language as search_conversations), best match first
Pages with offset/limit; the first line says how many matched in all.`;

export function registerListConversations(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'list_conversations',
    {
      title: 'List conversations',
      description: DESCRIPTION,
      inputSchema: {
        workspace: z.string().max(300).optional().describe('project name, e.g. "dejavu"'),
        agent: z.string().max(40).optional().describe('agent id or name prefix, e.g. "codex" or "claude"'),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('started on this day, YYYY-MM-DD'),
        since: z.string().max(40).optional().describe('active since: 2026-01-31 or an age like 7d'),
        text: z.string().max(1_000).optional().describe('search query a message must match (words, "phrases", filters)'),
        offset: z.number().int().min(0).optional().describe('skip this many (for the next page)'),
        limit: z.number().int().min(1).max(200).optional().describe('at most this many lines (default 30)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => guarded(reader, () => listConversations(reader, args)),
  );
}

interface ListArgs extends FindArgs {
  readonly offset?: number;
  readonly limit?: number;
}

export function listConversations(reader: ArchiveReader, args: ListArgs): string {
  const matched = findConversations(reader, args);
  const offset = args.offset ?? 0;
  const limit = args.limit ?? 30;
  const page = matched.slice(offset, offset + limit);
  if (matched.length === 0) return `No conversation matches. Try fewer filters, or search_conversations for words inside messages.`;
  const end = offset + page.length;
  const head = `${matched.length} conversation(s) match; showing ${page.length ? `${offset + 1}–${end}` : 'none'}${end < matched.length ? ` (next page: offset=${end})` : ''}.`;
  return [head, '', ...page.map((s) => `- ${summaryLine(s)}`)].join('\n');
}
