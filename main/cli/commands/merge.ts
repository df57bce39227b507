/** `dejavu merge`: another machine's archive (an export-archive file or an archive folder) into this one. */
import type { Command } from 'commander';
import path from 'node:path';
import { openArchiveWriter } from '../../core/access/open-writer';
import { MergeSourceError, openArchiveSource } from '../../core/transfer/archive-source';
import { mergeArchive } from '../../core/transfer/merge-archive';
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
      let source;
      try {
        source = openArchiveSource(target, machine);
      } catch (err) {
        if (err instanceof MergeSourceError) throw new UsageError(err.message);
        throw err;
      }
      const bar = opts.json ? undefined : progressBar();
      let report;
      try {
        const writer = openArchiveWriter(root);
        try {
          // Tests make batches small, so a kill has more commits to land between.
          const batchSize = process.env.DEJAVU_MERGE_BATCH ? Number(process.env.DEJAVU_MERGE_BATCH) : undefined;
          report = await mergeArchive(writer, source, { batchSize, onProgress: (done, total) => bar?.update(done, total, '') });
        } finally {
          writer.close();
        }
      } finally {
        source.close();
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
