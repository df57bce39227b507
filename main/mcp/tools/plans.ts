/** `list_plans` and `read_plan`: the plans agents made or followed (as `dejavu plans --json` / `dejavu plan ID`). */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { PLAN_ORIGINS } from '../../../shared/plans';
import type { ArchiveReader } from '../../core/use-cases/open-archive';
import { planMarkdown, planOf, plansOf } from '../../core/use-cases/plans';
import { guarded } from '../format';

const LIST = `Plans the person's coding agents made or followed, across every agent and conversation, kept even after the conversations were evicted: Claude Code plan mode (ExitPlanMode) and plan files (~/.claude/plans, docs/plans, *plan.md), prompts that begin "Implement the following plan", Codex update_plan and todo step lists with their statuses, Cline plan_mode_respond.
The same plan seen in several places (same text, same file, or a near-duplicate with the same title) is one entry, with every conversation that made or used it (uses: conversation id, link made|used, message index for read_conversation from=). Newest first. Returns JSON, the same as \`dejavu plans --json\`; read one plan whole with read_plan.`;

export function registerPlans(server: McpServer, reader: ArchiveReader): void {
  server.registerTool(
    'list_plans',
    {
      title: 'Plans',
      description: LIST,
      inputSchema: {
        query: z.string().max(500).optional().describe('words that must all appear in the plan title, text or file path'),
        workspace: z.string().max(300).optional().describe('only plans made or used in this workspace'),
        conversation: z.string().min(1).max(300).optional().describe('only plans of this conversation (id or unique prefix)'),
        origin: z.enum(PLAN_ORIGINS as [string, ...string[]]).optional().describe('only plans found this way'),
        brief: z.boolean().optional().describe('leave each plan text out (titles and links only); default true'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(reader, () => {
        const answer = plansOf(reader, { text: args.query || undefined, workspace: args.workspace, conversation: args.conversation, origin: args.origin as (typeof PLAN_ORIGINS)[number] | undefined });
        const out = args.brief === false ? answer : { ...answer, plans: answer.plans.map(({ text: _text, ...rest }) => rest) };
        return JSON.stringify(out, null, 2);
      }),
  );
  server.registerTool(
    'read_plan',
    {
      title: 'Read a plan',
      description:
        'One plan from list_plans, whole, as Markdown: its latest text (a step list as a checklist: [x] done, [~] in progress, [ ] pending), then the files it lived in and every conversation that made or used it, with the message index to read it from with read_conversation. The same as `dejavu plan ID`.',
      inputSchema: { id: z.string().min(4).max(64).describe('a plan id from list_plans (or a unique prefix)') },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(reader, () => {
        const plan = planOf(reader, args.id);
        if (!plan) throw new Error(`no plan matches "${args.id}": list them with list_plans`);
        return planMarkdown(plan);
      }),
  );
}
