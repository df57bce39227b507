/** `dejavu usage`: tokens and cost per local day, week, month, agent, model or workspace. */
import { type Command, Option } from 'commander';
import { RELATION_MARK } from '../../../shared/parent-link';
import { type ConversationUsage, formatCost, type Spend, USAGE_GROUPINGS, type UsageGrouping, type UsageReport } from '../../../shared/usage';
import { usageOf } from '../../core/use-cases/usage';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, stdout, table, truncate } from '../output';

export function registerUsage(program: Command): void {
  program
    .command('usage')
    .description('tokens and cost per local day, week, month, agent, model or workspace; the costliest conversations with their subagents rolled in')
    .addOption(new Option('--by <grouping>', 'how to group').choices(USAGE_GROUPINGS).default('day'))
    .option('--since <date>', 'only usage from this local day on (YYYY-MM-DD)')
    .option('--top <n>', 'how many costliest conversations to list', (v) => positiveInt(v), 20)
    .option('--json', 'print as JSON')
    .action((opts: { by: UsageGrouping; since?: string; top: number; json?: boolean }, cmd: Command) => {
      const global = cmd.optsWithGlobals<GlobalOptions>();
      let report: UsageReport;
      try {
        report = withReader(global, (r) => usageOf(r, { by: opts.by, since: opts.since, top: opts.top }));
      } catch (err) {
        if (err instanceof RangeError) throw new UsageError(err.message);
        throw err;
      }
      if (opts.json) return printJson(report);
      printReport(report);
    });
}

function printReport(r: UsageReport): void {
  const out = stdout;
  if (r.total.tokens.total === 0) {
    out.write(`No token usage recorded${r.since ? ` since ${r.since}` : ''}.\n`);
    return;
  }
  const head = [r.by.toUpperCase(), 'INPUT', 'OUTPUT', 'CACHE READ', 'CACHE WRITE', 'REASONING', 'TOTAL', 'COST'];
  const line = (key: string, s: Spend) => [key, n(s.tokens.input), n(s.tokens.output), n(s.tokens.cacheRead), n(s.tokens.cacheWrite), n(s.tokens.reasoning), n(s.tokens.total), costText(s)];
  out.write(`${table([head, ...r.rows.map((row) => line(truncate(row.key, 40), row)), line('total', r.total)])}\n`);
  if (r.undatedConversations) out.write(`\n${r.undatedConversations} conversation(s) recorded tokens without a time: in the total, in no ${r.by}.\n`);
  if (r.topConversations.length) {
    out.write('\nCostliest conversations (subagents rolled into their parent):\n');
    const rows = r.topConversations.map((c) => [c.id, c.agent, truncate(c.title, 50), n(c.withSubagents.tokens.total), costText(c.withSubagents), linkNote(c)]);
    out.write(`${table([['ID', 'AGENT', 'TITLE', 'TOKENS', 'COST', ''], ...rows])}\n`);
  }
  const unpriced = r.total.unpricedModels;
  if (unpriced.length) out.write(`\nNo price for ${unpriced.join(', ')}: ${n(r.total.unpricedTokens)} token(s) not in any cost.\n`);
  out.write(`Prices: ${r.priceTable.name} ${r.priceTable.version} (bundled, offline). Days in ${r.timeZone}.\n`);
}

/** Its subagents rolled in, and how it relates to its parent (a fork or continuation is not rolled into it). */
function linkNote(c: ConversationUsage): string {
  return [c.subagents ? `${c.subagents} subagent(s)` : '', c.relation ? RELATION_MARK[c.relation].word : ''].filter(Boolean).join(', ');
}

function costText(s: Spend): string {
  return s.costUsd !== null && s.unpricedTokens > 0 ? `${formatCost(s.costUsd)} + no price` : formatCost(s.costUsd);
}

function n(v: number): string {
  return v.toLocaleString('en-US');
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--top "${v}" is not a whole number`);
  return n;
}
