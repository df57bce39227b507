/** `dejavu list`: the archived conversations, newest first. */
import type { Command } from 'commander';
import { AGENT_IDS, isAgentId } from '../../../shared/agents';
import { linkedRelation, RELATION_MARK } from '../../../shared/parent-link';
import type { ArchivedSummary } from '../../../shared/views';
import { listConversations } from '../../core/use-cases/list';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, shortDate, stdout, table, truncate } from '../output';

export function parseSince(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const relative = /^(\d+)([dhw])$/.exec(value);
  if (relative) {
    const hours = Number(relative[1]) * { h: 1, d: 24, w: 168 }[relative[2] as 'h' | 'd' | 'w'];
    return new Date(Date.now() - hours * 3_600_000).toISOString();
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--since wants a date (2026-01-31) or an age (7d, 12h, 2w), not "${value}"`);
  return date.toISOString();
}

/** Before a linked conversation's title: `↳ ` for a subagent (nested work), the relation's word for the others. */
function linkMark(c: ArchivedSummary): string {
  const relation = linkedRelation(c);
  if (!relation) return '';
  return relation === 'subagent' ? '↳ ' : `↳ (${RELATION_MARK[relation].word}) `;
}

export function registerList(program: Command): void {
  program
    .command('list')
    .description('list archived conversations, newest first')
    .option('-w, --workspace <name>', 'only this workspace')
    .option('-a, --agent <id>', 'only this agent')
    .option('--since <date>', 'only conversations active since a date or age (7d)')
    .option('-n, --limit <n>', 'at most this many', (v: string) => Number.parseInt(v, 10))
    .option('--json', 'print a JSON array (no messages)')
    .action((opts: { workspace?: string; agent?: string; since?: string; limit?: number; json?: boolean }, cmd: Command) => {
      if (opts.agent && !isAgentId(opts.agent)) throw new UsageError(`unknown agent "${opts.agent}" (known: ${AGENT_IDS.join(', ')})`);
      if (opts.limit !== undefined && !(opts.limit > 0)) throw new UsageError('--limit wants a positive number');
      const rows = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) =>
        listConversations(r, { workspace: opts.workspace, agent: opts.agent, since: parseSince(opts.since), limit: opts.limit }),
      );
      if (opts.json) return printJson(rows);
      if (rows.length === 0) {
        stdout.write('No conversations archived yet. Run `dejavu sync` or `dejavu import PATH`.\n');
        return;
      }
      const lines = rows.map((c) => [
        shortDate(c.startedAt),
        c.agent,
        `${c.workspace}${c.instance === 'host' ? '' : `@${c.instance}`}`,
        String(c.messageCount),
        `${c.sourceDeleted ? '[source deleted] ' : ''}${linkMark(c)}${truncate(c.title ?? '(untitled)', 60)}`,
        c.id,
      ]);
      stdout.write(`${table([['STARTED', 'AGENT', 'WORKSPACE', 'MSGS', 'TITLE', 'ID'], ...lines])}\n`);
    });
}
