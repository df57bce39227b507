/** `dejavu sync`: archive what is new or changed in every agent home (and, with --watch, keep doing it live). */
import type { Command } from 'commander';
import { type LiveChange, LiveCapture } from '../../core/use-cases/live';
import { syncThenSweep } from '../../core/use-cases/retention-cadence';
import { liveWrites, oneShotWrites } from '../../core/use-cases/writes';
import { type GlobalOptions, rootOf } from '../archive-access';
import { indexerScript } from '../thread-scripts';
import { formatBytes, printJson, progressBar, stdout, warn } from '../output';
import { reportIngest } from './report';
import { progressText } from '../../../shared/sync-progress';

export function registerSync(program: Command): void {
  program
    .command('sync')
    .description('archive new and changed conversations from every agent home (and jackin containers)')
    .option('-s, --source <dir>', 'read this home or folder instead of the defaults (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--force', 'read every file again, even unchanged ones')
    .option('--json', 'print the report as JSON')
    .option('-w, --watch', 'then keep watching: archive every line an agent appends as it is written, until interrupted')
    .option('-q, --quiet', 'with --watch: print nothing per update')
    .option('--no-evict', 'skip the eviction sweep the retention cadence may call for after this sync')
    .action(async (opts: { source: string[]; force?: boolean; json?: boolean; watch?: boolean; quiet?: boolean; evict: boolean; noEvict?: boolean }, cmd: Command) => {
      opts.noEvict = opts.evict === false;
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      const bar = opts.json ? undefined : progressBar();
      // Watching: take the writer first, so nothing can slip between the sync and the watch.
      const live = opts.watch ? await LiveCapture.start({ root, sources: opts.source, onChange: (c) => printChange(c, opts) }) : undefined;
      try {
        // The budget's cadence (daily / every sync / manual) applies to CLI syncs too, watching or not.
        const writes = live ? liveWrites(root, live) : oneShotWrites(root);
        const { report, eviction } = await syncThenSweep(writes, {
          root,
          sources: opts.source,
          force: opts.force,
          indexerWorker: indexerScript(),
          // Smaller batches commit more often; tests use it to kill a sync between commits.
          batchBytes: process.env.DEJAVU_SYNC_BATCH_BYTES ? Number(process.env.DEJAVU_SYNC_BATCH_BYTES) : undefined,
          onProgress: (p) => bar?.show(p.done, p.total, progressText(p)),
        }, !opts.noEvict);
        bar?.done();
        // Listening before the report is printed: a signal sent as soon as it is read stops the watch cleanly.
        const stopped = live ? stopSignal() : undefined;
        if (opts.json) printJson(eviction ? { ...report, eviction } : report);
        else {
          reportIngest(report);
          if (report.sourceDeleted.length) stdout.write(`${report.sourceDeleted.length} conversation(s) whose source is gone stay archived\n`);
          if (eviction?.steps.length) stdout.write(`storage budget: ${eviction.steps.length} eviction step(s), ${formatBytes(eviction.archiveBytesBefore)} → ${formatBytes(eviction.archiveBytesAfter)} (see \`dejavu stats\`)\n`);
        }
        if (eviction?.dataLoss.length) warn(`data loss: ${eviction.dataLoss.length} unreadable conversation(s) dropped at the hard cap: ${eviction.dataLoss.join(', ')}`);
        if (report.errors.length) process.exitCode = 1;
        if (live && stopped) await watchUntilStopped(live, opts, stopped);
      } finally {
        await live?.close();
      }
    });
}

async function watchUntilStopped(live: LiveCapture, opts: { json?: boolean; quiet?: boolean }, stopped: Promise<void>): Promise<void> {
  if (!opts.json && !opts.quiet) stdout.write(`watching ${live.watchedFiles} session file(s) for changes (Ctrl-C to stop)\n`);
  await stopped;
}

/** Resolves on the first SIGINT or SIGTERM. */
function stopSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

function printChange(change: LiveChange, opts: { json?: boolean; quiet?: boolean }): void {
  if (opts.json || opts.quiet || change.conversations.length === 0) return;
  const verb = change.kind === 'deleted' ? 'source deleted' : change.kind === 'appended' ? 'appended' : 'read';
  stdout.write(`${new Date().toISOString().slice(11, 19)} ${verb}: ${change.conversations.join(', ')}\n`);
}
