/** `get_digest`: a conversation in one screen, before reading it page by page. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { conversationDigest } from '../../core/use-cases/digest';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { guarded } from '../format';

const DESCRIPTION = `Get the digest of an archived conversation as JSON, the same versioned shape as \`dejavu digest --json\` (schema_version 1): identity (agent, workspace, instance, directory, branch, parent), times, outcome (success, fail, abandoned, unknown), models, tokens and cost (null when a model has no price; the price table is named), counts (messages, typed prompts, answers, tool calls, errors, retries, interrupts), a histogram of tool calls, messages per kind, markers (interrupts, retries, compactions, errors, earlier revisions, each with its message index), the first prompt and the last answer, distinct errors with a fingerprint, a count and the index of the first, and the files touched with their actions.
It comes from the stored digest, which outlives eviction, or is computed from the record. Use it to learn what a conversation was about and where to look before calling read_conversation with from=<index>.`;

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
    (args) => guarded(reader, (redact) => JSON.stringify(conversationDigest(reader, args.id, redact), null, 2)),
  );
}
