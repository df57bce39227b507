/** `dejavu stats`: what the archive holds and what it costs on disk. */
import type { Command } from 'commander';
import { archiveStats, cleanupWarning } from '../../core/use-cases/stats';
import { type GlobalOptions, rootOf } from '../archive-access';
import { formatBytes, printJson, stdout, table, warn } from '../output';
import { printSettings } from './settings';

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description('conversations per agent, messages, the archive’s size on disk, and its retention budget')
    .option('--space', 'also space per workspace and per agent, and what each eviction stage would free there (reads every conversation)')
    .option('--json', 'print as JSON')
    .action(async (opts: { json?: boolean; space?: boolean }, cmd: Command) => {
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      const result = await archiveStats(root, Boolean(opts.space));
      if (opts.json) return printJson(result);
      const stats = result;
      const { retention, space } = result;
      const [cleanup] = result.agentCleanup;
      const out = stdout;
      out.write(`Archive: ${root} (${formatBytes(result.archiveBytes)} on disk)\n`);
      out.write(`${stats.conversations} conversation(s), ${stats.messages} message(s), ${stats.prompts} prompt(s) typed`);
      out.write(stats.sourceDeleted ? `, ${stats.sourceDeleted} kept after their source was deleted\n` : '\n');
      // "Kept": archived conversations the agent itself has since deleted (its cleanup, or by hand).
      const rows = Object.entries(stats.byAgent).map(([agent, n]) => [agent, String(n), String(stats.keptByAgent[agent] ?? 0)]);
      if (rows.length) out.write(`\n${table([['AGENT', 'CONVERSATIONS', 'KEPT AFTER THE AGENT DELETED IT'], ...rows])}\n`);
      if (cleanup.unarchived > 0) warn(cleanupWarning(cleanup));
      const { stages, ledger } = retention;
      out.write(`\nRetention: ${stages.whole} whole, ${stages.stage1} without raw bulk, ${stages.stage2} digest only, ${stages.lost} lost; ${retention.pinned} pinned; ${retention.unanalyzed} without a digest\n`);
      out.write(`Digests: ${formatBytes(retention.digestBytes)}${retention.digestCapExceeded ? ' — over their cap (they are never dropped)' : ''}\n`);
      out.write(`Ledger: ${ledger.stage1} stage-1, ${ledger.stage2} stage-2, ${ledger.dataLoss} data-loss step(s); ${formatBytes(ledger.bytesFreed)} freed${retention.lastRunAt ? `; last sweep ${retention.lastRunAt}` : ''}\n`);
      printSettings(retention.settings, out);
      if (space) {
        for (const [title, groups] of [['WORKSPACE', space.byWorkspace], ['AGENT', space.byAgent]] as const) {
          const lines = groups.map((g) => [g.name, String(g.conversations), formatBytes(g.bytes), formatBytes(g.stage1Frees), formatBytes(g.stage2Frees)]);
          out.write(`\n${table([[title, 'CONVERSATIONS', 'SIZE', 'STAGE 1 FREES', 'STAGE 2 FREES'], ...lines])}\n`);
        }
      }
      for (const e of retention.dataLoss) warn(`data loss on ${e.at}: ${e.conversationId} (${e.detail ?? e.reason})`);
    });
}
