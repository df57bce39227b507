/** `get_digest`: a conversation in one screen, before reading it page by page. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ArchiveReader } from '../../core/archive/archive-reader';
import { digestMarkdown, digestView } from '../digest-view';
import { guarded } from '../format';

const DESCRIPTION = `Get a one-screen digest of an archived conversation: its facts (agent, workspace, directory, branch, dates, models, tokens), counts (messages, typed prompts, answers, tool calls and failures), the first prompt, the last answer, and every prompt the person typed, in order, each with its message index.
Computed from the archived record when asked. Use it to learn what a conversation was about and where to look before calling read_conversation with from=<index>. Long prompts are cut to fit, each cut says which message holds the rest.`;

export function registerGetDigest(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'get_digest',
    {
      title: 'Digest of a conversation',
      description: DESCRIPTION,
      inputSchema: {
        id: z.string().min(1).max(300).describe('conversation id (or a unique prefix) from list_conversations or search_conversations'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => guarded(reader, () => digestMarkdown(digestView(reader, args.id))),
  );
}
