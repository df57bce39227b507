/** `dejavu sync`: archive what is new or changed in every agent home. */
import type { Command } from 'commander';
import { sync } from '../../core/capture/sync';
import { type GlobalOptions, rootOf } from '../archive-access';
import { indexerScript } from '../indexer-script';
import { formatBytes, printJson, progressBar } from '../output';
import { reportIngest } from './report';

export function registerSync(program: Command): void {
  program
    .command('sync')
    .description('archive new and changed conversations from every agent home (and jackin containers)')
    .option('-s, --source <dir>', 'read this home or folder instead of the defaults (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--force', 'read every file again, even unchanged ones')
    .option('--json', 'print the report as JSON')
    .action(async (opts: { source: string[]; force?: boolean; json?: boolean }, cmd: Command) => {
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const bar = opts.json ? undefined : progressBar();
      const report = await sync({
        root: rootOf(global),
        sources: opts.source,
        force: opts.force,
        indexerWorker: indexerScript(),
        // Smaller batches commit more often; tests use it to kill a sync between commits.
        batchBytes: process.env.DEJAVU_SYNC_BATCH_BYTES ? Number(process.env.DEJAVU_SYNC_BATCH_BYTES) : undefined,
        onProgress: (p) => bar?.update(p.done, p.total, `${formatBytes(p.bytes)} read`),
      });
      bar?.done();
      if (opts.json) printJson(report);
      else {
        reportIngest(report);
        if (report.sourceDeleted.length) process.stdout.write(`${report.sourceDeleted.length} conversation(s) whose source is gone stay archived\n`);
      }
      if (report.errors.length) process.exitCode = 1;
    });
}
