/** Conversations as MCP resources, `dejavu://conversation/<id>`: the whole record as Markdown. */
import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AGENT_LABELS } from '../../shared/agents';
import { conversationToMarkdown } from '../core/use-cases/export';
import { listConversations } from '../core/use-cases/list';
import type { ArchiveReader } from '../core/use-cases/open-archive';
import { outgoingText, redactsFor } from '../core/use-cases/redaction';
import { AmbiguousIdError, ConversationNotFoundError, outgoingRead } from '../core/use-cases/show';

export const CONVERSATION_URI = 'dejavu://conversation/{id}';
/** Resource lists show the newest this many; the tools reach every conversation. */
export const LISTED_RESOURCES = 500;

export function conversationUri(id: string): string {
  return `dejavu://conversation/${encodeURIComponent(id)}`;
}

export function registerResources(server: McpServer, reader: ArchiveReader): void {
  server.registerResource(
    'conversation',
    new ResourceTemplate(CONVERSATION_URI, {
      list: () => {
        const redact = redactsFor(reader);
        return {
        resources: listConversations(reader, { limit: LISTED_RESOURCES }).map((s) => ({
          uri: conversationUri(s.id),
          name: s.id,
          title: outgoingText(s.title ?? s.id, redact),
          description: `${AGENT_LABELS[s.agent] ?? s.agent} · ${s.workspace} · ${s.startedAt ?? 'undated'} · ${s.messageCount} messages`,
          mimeType: 'text/markdown',
        })),
        };
      },
    }),
    {
      title: 'Archived conversation',
      description: `One archived coding-agent conversation as Markdown (the newest ${LISTED_RESOURCES} are listed; any id works). Long threads are easier to read with the read_conversation tool, a page at a time.`,
      mimeType: 'text/markdown',
    },
    (uri, variables) => {
      const id = decodeURIComponent(String(variables.id));
      try {
        const { conversation } = outgoingRead(reader, id);
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: conversationToMarkdown(conversation) }] };
      } catch (err) {
        if (err instanceof ConversationNotFoundError || err instanceof AmbiguousIdError) throw new McpError(ErrorCode.InvalidParams, err.message);
        throw err;
      }
    },
  );
}
