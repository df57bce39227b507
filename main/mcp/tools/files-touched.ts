/** `files_touched`: which conversations touched a file, or which files a conversation touched (as `dejavu files --json`). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { filesOf, touching } from '../../core/use-cases/files';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { absolutePath } from '../../../shared/tool-files';
import { guarded } from '../format';

const DESCRIPTION = `Which archived conversations read, edited, wrote, patched or deleted a file (give path), or every file one conversation touched (give id). Paths come from the agents' tool calls, made absolute against each conversation's working directory; a relative path also matches the same relative path in any checkout.
Each entry: conversation id, agent, workspace, title, start time, branch, the path as recorded, the actions (read, edit, write, patch, delete, other) and how many tool calls. Read a conversation's edits with read_conversation. Returns JSON, the same as \`dejavu files --json\`.`;

export function registerFilesTouched(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'files_touched',
    {
      title: 'Files and the conversations that touched them',
      description: DESCRIPTION,
      inputSchema: {
        path: z.string().min(1).max(1_024).optional().describe('a file path, absolute or relative to a repository'),
        id: z.string().min(1).max(300).optional().describe('a conversation id (or unique prefix): list the files it touched'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(reader, () => {
        if ((args.path === undefined) === (args.id === undefined)) throw new Error('give path or id (one of them)');
        const answer = args.id !== undefined ? filesOf(reader, args.id) : touching(reader, absolutePath(args.path as string, undefined), args.path as string);
        return JSON.stringify(answer, null, 2);
      }),
  );
}
