/**
 * `dejavu mcp`: the archive as a read-only MCP server over stdio, so an agent can list, search
 * and read the person's past conversations. Nothing here writes to the archive, and nothing but
 * protocol messages goes to stdout.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ArchiveReader } from '../core/use-cases/open-archive';
import { LineTransport } from './line-transport';
import { registerResources } from './resources';
import { registerGetDigest } from './tools/get-digest';
import { registerListConversations } from './tools/list-conversations';
import { registerReadConversation } from './tools/read-conversation';
import { registerSearchConversations } from './tools/search-conversations';
import { registerFilesTouched } from './tools/files-touched';
import { registerUsageReport } from './tools/usage-report';
import { registerPlans } from './tools/plans';
import { registerTimeline } from './tools/timeline';

const INSTRUCTIONS = `Déjà Vu is the person's archive of every conversation they had with a coding agent (Claude Code, Codex, Gemini CLI, OpenCode, Copilot, Cursor, Cline, Aider, …), kept even after the agent's own files are gone. Everything here is read-only.
Typical use: search_conversations to find where something was discussed (an error, a file, a decision), or list_conversations to browse by project, agent and date; then get_digest for an overview of one conversation and read_conversation to read it page by page around the relevant message.`;

/** The server with every tool and resource, over the given reader. */
export function createMcpServer(reader: ArchiveReader, version: string): McpServer {
  const server = new McpServer({ name: 'dejavu', title: 'Déjà Vu archive', version }, { instructions: INSTRUCTIONS });
  registerListConversations(server, reader);
  registerReadConversation(server, reader);
  registerSearchConversations(server, reader);
  registerGetDigest(server, reader);
  registerUsageReport(server, reader);
  registerFilesTouched(server, reader);
  registerPlans(server, reader);
  registerTimeline(server, reader);
  registerResources(server, reader);
  return server;
}

/** Serve the archive at `root` on stdin/stdout until the client goes away. */
export async function runMcpServer(root: string, version: string): Promise<void> {
  const reader = new ArchiveReader(root);
  const server = createMcpServer(reader, version);
  const transport = new LineTransport();
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
    process.stdin.once('end', () => void server.close());
    process.stdin.once('close', () => void server.close());
  });
  try {
    await server.connect(transport);
    await closed;
  } finally {
    reader.close();
  }
}
