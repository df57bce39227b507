/** `repository_timeline`: what happened in a repository across every agent (as `dejavu timeline --json`). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AGENT_IDS } from '../../../shared/agents';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { timelineOf } from '../../core/use-cases/timeline';
import { guarded } from '../format';

const DESCRIPTION = `Every archived conversation of every coding agent in a repository (and branch or worktree), oldest first: agent, branch, worktree, start and end, first prompt, outcome (success, fail, abandoned, unknown), files touched (changed ones first), plans made or used, tokens and cost with subagents rolled in (subagents are part of their parent's entry).
A repository is named by its folder name, its root path, a path inside it, or a workspace; a worktree folder (NAME__worktrees/B, NAME.worktrees/B) belongs to the checkout NAME. Without repo: every repository (repositories lists them). Returns JSON, the same as \`dejavu timeline --json\`.`;

export function registerTimeline(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'repository_timeline',
    {
      title: 'Timeline of a repository',
      description: DESCRIPTION,
      inputSchema: {
        repo: z.string().min(1).max(1_024).optional().describe('repository name, root path, a path inside it, or a workspace'),
        branch: z.string().min(1).max(300).optional().describe('only this git branch (or worktree folder name)'),
        since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('only conversations started from this day on, YYYY-MM-DD'),
        agent: z.enum(AGENT_IDS).optional().describe('only this agent'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => guarded(reader, () => JSON.stringify(timelineOf(reader, { repo: args.repo, branch: args.branch, since: args.since, agent: args.agent }), null, 2)),
  );
}
