/** `read_conversation`: one conversation as Markdown, a page of messages at a time. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { markdownPage } from '../../core/use-cases/show';
import { guarded } from '../format';

export const DEFAULT_PAGE_MESSAGES = 40;
export const DEFAULT_PAGE_CHARS = 40_000;
export const DEFAULT_TOOL_OUTPUT_CHARS = 2_000;

const DESCRIPTION = `Read an archived conversation as Markdown, a page at a time: the person's prompts, the agent's answers and reasoning, tool calls and (cut) tool results, each message headed with its index [n] and role.
Messages are numbered from 0. A page holds messages from \`from\` up to \`limit\` of them (default ${DEFAULT_PAGE_MESSAGES}) and stops early near ${DEFAULT_PAGE_CHARS.toLocaleString('en-US')} characters; the line under the title says which messages you got and the \`from\` for the next page, so even a thread of thousands of messages can be read in steps.
To read around a search hit, pass from a little before its message index. The first page also lists the conversation's facts (agent, workspace, directory, branch, dates, models, source file).
Tool results longer than max_tool_output characters (default ${DEFAULT_TOOL_OUTPUT_CHARS.toLocaleString('en-US')}) are cut with a note; raise it to see more. Use get_digest first for an overview of a long conversation.`;

export function registerReadConversation(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'read_conversation',
    {
      title: 'Read a conversation',
      description: DESCRIPTION,
      inputSchema: {
        id: z.string().min(1).max(300).describe('conversation id (or a unique prefix) from list_conversations or search_conversations'),
        from: z.number().int().min(0).optional().describe('first message index to show (default 0)'),
        limit: z.number().int().min(1).max(500).optional().describe(`at most this many messages (default ${DEFAULT_PAGE_MESSAGES})`),
        max_tool_output: z.number().int().min(0).max(200_000).optional().describe(`cut each tool result after this many characters (default ${DEFAULT_TOOL_OUTPUT_CHARS}; 0 = never)`),
        include_system: z.boolean().optional().describe('show system messages (injected context, reminders); default true'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(reader, (redact) =>
        markdownPage(reader, args.id, redact, args.from ?? 0, args.limit ?? DEFAULT_PAGE_MESSAGES, {
          maxChars: DEFAULT_PAGE_CHARS,
          maxToolOutput: args.max_tool_output ?? DEFAULT_TOOL_OUTPUT_CHARS,
          includeSystem: args.include_system ?? true,
        }),
      ),
  );
}
