/** `usage_report`: tokens and cost, the same answer as `dejavu usage --json`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AGENT_IDS } from '../../../shared/agents';
import { USAGE_GROUPINGS } from '../../../shared/usage';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { usageOf } from '../../core/use-cases/usage';
import { guarded } from '../format';

const DESCRIPTION = `Tokens (input, output, cache read, cache write, reasoning) and cost in US dollars of the person's archived coding-agent conversations, grouped by local day, ISO week (keyed by its Monday), month, agent, model or workspace; with the costliest conversations, each with its subagents rolled in (withSubagents) and its own share (own).
Costs come from a price table bundled with Déjà Vu (priceTable names it and its version), at the price in force when the tokens were spent. A model the table does not know has costUsd null ("no price"), never 0; unpricedTokens and unpricedModels say how much is not in any cost.
Returns JSON, the same as \`dejavu usage --json\`.`;

export function registerUsageReport(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'usage_report',
    {
      title: 'Usage and cost',
      description: DESCRIPTION,
      inputSchema: {
        by: z.enum(USAGE_GROUPINGS).optional().describe('grouping (default day)'),
        since: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe('from this local day on, YYYY-MM-DD'),
        agent: z.enum(AGENT_IDS).optional().describe('only this agent'),
        workspace: z.string().max(300).optional().describe('only this workspace'),
        top: z.number().int().min(0).max(1_000).optional().describe('how many costliest conversations to list (default 20)'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) => guarded(reader, () => JSON.stringify(usageOf(reader, { by: args.by ?? 'day', since: args.since, agent: args.agent, workspace: args.workspace, top: args.top ?? 20 }), null, 2)),
  );
}
