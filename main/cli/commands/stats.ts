/** `dejavu stats`: what the archive holds and what it costs on disk. */
import type { Command } from 'commander';
import { archiveDiskBytes } from '../../core/archive/disk-usage';
import { type GlobalOptions, rootOf, withReader } from '../archive-access';
import { formatBytes, printJson, table } from '../output';

export function registerStats(program: Command): void {
  program
    .command('stats')
    .description('conversations per agent, messages, and the archive’s size on disk')
    .option('--json', 'print as JSON')
    .action((opts: { json?: boolean }, cmd: Command) => {
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const root = rootOf(global);
      const stats = withReader(global, (r) => r.stats());
      const result = { archive: root, archiveBytes: archiveDiskBytes(root), ...stats };
      if (opts.json) return printJson(result);
      const out = process.stdout;
      out.write(`Archive: ${root} (${formatBytes(result.archiveBytes)} on disk)\n`);
      out.write(`${stats.conversations} conversation(s), ${stats.messages} message(s), ${stats.prompts} prompt(s) typed`);
      out.write(stats.sourceDeleted ? `, ${stats.sourceDeleted} kept after their source was deleted\n` : '\n');
      const rows = Object.entries(stats.byAgent).map(([agent, n]) => [agent, String(n)]);
      if (rows.length) out.write(`\n${table([['AGENT', 'CONVERSATIONS'], ...rows])}\n`);
    });
}
