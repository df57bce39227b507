/** `dejavu merge`: another machine's archive (an export-archive file or an archive folder) into this one. */
import type { Command } from 'commander';
import path from 'node:path';
import { mergeFrom, type MergeReport, MergeSourceError } from '../../core/use-cases/merge';
import { oneShotWrites } from '../../core/use-cases/writes';
import { type GlobalOptions, rootOf } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, progressBar, stdout, warn } from '../output';

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('merge another machine’s archive (a file from `dejavu export-archive`, or an archive folder) into this one; running it again changes nothing')
    .argument('<file-or-folder>', 'the exported file, or the other archive’s folder')
    .option('--machine <name>', 'the name its conversations get as their instance (default: the name the other archive records)')
    .option('--json', 'print the report as JSON')
    .action(async (target: string, opts: { machine?: string; json?: boolean }, cmd: Command) => {
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      if (path.resolve(target) === root) throw new UsageError(`${root} is this archive: merge another machine’s archive into it`);
      const machine = opts.machine?.trim();
      if (opts.machine !== undefined && !machine) throw new UsageError('--machine wants a name');
      const bar = opts.json ? undefined : progressBar();
      let report: MergeReport;
      try {
        // Tests make batches small, so a kill has more commits to land between.
        const batchSize = process.env.DEJAVU_MERGE_BATCH ? Number(process.env.DEJAVU_MERGE_BATCH) : undefined;
        report = await mergeFrom(oneShotWrites(root), target, { machine, batchSize, onProgress: (done, total) => bar?.update(done, total, '') });
      } catch (err) {
        if (err instanceof MergeSourceError) throw new UsageError(err.message);
        throw err;
      } finally {
        bar?.done();
      }
      for (const e of report.errors) warn(`not merged: ${e.id}: ${e.message}`);
      if (report.errors.length) process.exitCode = 1;
      if (opts.json) return printJson(report);
      stdout.write(
        `Merged from ${report.machine.name}: ${report.considered} conversation(s), ${report.added.length} new, ${report.updated.length} updated, ${report.unchanged} already here\n`,
      );
    });
}
