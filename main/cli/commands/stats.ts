/** `dejavu stats`: what the archive holds and what it costs on disk. */
import type { Command } from 'commander';
import { archiveDiskBytes } from '../../core/archive/disk-usage';
import { retentionView } from '../../core/retention/view';
import { type GlobalOptions, rootOf, withReader } from '../archive-access';
import { formatBytes, printJson, stdout, table, warn } from '../output';
import { printSettings } from './settings';

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description('conversations per agent, messages, the archive’s size on disk, and its retention budget')
    .option('--json', 'print as JSON')
    .action((opts: { json?: boolean }, cmd: Command) => {
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const root = rootOf(global);
      const { stats, retention } = withReader(global, (r) => ({ stats: r.stats(), retention: retentionView(root, r.db, 20) }));
      const result = { archive: root, archiveBytes: archiveDiskBytes(root), ...stats, ledger: retention.ledger, retention };
      if (opts.json) return printJson(result);
      const out = stdout;
      out.write(`Archive: ${root} (${formatBytes(result.archiveBytes)} on disk)\n`);
      out.write(`${stats.conversations} conversation(s), ${stats.messages} message(s), ${stats.prompts} prompt(s) typed`);
      out.write(stats.sourceDeleted ? `, ${stats.sourceDeleted} kept after their source was deleted\n` : '\n');
      const rows = Object.entries(stats.byAgent).map(([agent, n]) => [agent, String(n)]);
      if (rows.length) out.write(`\n${table([['AGENT', 'CONVERSATIONS'], ...rows])}\n`);
      const { stages, ledger } = retention;
      out.write(`\nRetention: ${stages.whole} whole, ${stages.stage1} without raw bulk, ${stages.stage2} digest only, ${stages.lost} lost; ${retention.pinned} pinned; ${retention.unanalyzed} without a digest\n`);
      out.write(`Digests: ${formatBytes(retention.digestBytes)}${retention.digestCapExceeded ? ' — over their cap (they are never dropped)' : ''}\n`);
      out.write(`Ledger: ${ledger.stage1} stage-1, ${ledger.stage2} stage-2, ${ledger.dataLoss} data-loss step(s); ${formatBytes(ledger.bytesFreed)} freed${retention.lastRunAt ? `; last sweep ${retention.lastRunAt}` : ''}\n`);
      printSettings(retention.settings, out);
      for (const e of retention.dataLoss) warn(`data loss on ${e.at}: ${e.conversationId} (${e.detail ?? e.reason})`);
    });
}
