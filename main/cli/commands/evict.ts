/** `dejavu evict`: fit the archive to its storage budget, or show what that would do. */
import type { Command } from 'commander';
import { applySweep, type CrashPoint, InvalidSettingsError, planSweep, type SettingsPatch } from '../../core/use-cases/evict';
import { oneShotWrites } from '../../core/use-cases/writes';
import { freedSummary } from '../../../shared/eviction-text';
import type { EvictionReport } from '../../../shared/retention';
import { type GlobalOptions, rootOf } from '../archive-access';
import { UsageError } from '../errors';
import { formatBytes, printJson, stdout, warn } from '../output';
import { bytesOption, daysOption, maxAgeOf } from './settings';

interface EvictOptions {
  softCap?: number;
  hardCap?: number;
  maxAge?: number;
  dryRun?: boolean;
  apply?: boolean;
  json?: boolean;
}

export function registerEvict(program: Command): void {
  program
    .command('evict')
    .description('degrade the oldest conversations until the archive fits its budget (prompts and digests are kept)')
    .option('--soft-cap <bytes>', 'soft cap for this run (e.g. 2GiB): above it, raw bulk of the oldest goes', bytesOption('--soft-cap'))
    .option('--hard-cap <bytes>', 'hard cap for this run: above it, whole threads of the oldest go (digests stay)', bytesOption('--hard-cap'))
    .option('--max-age <days>', 'over the soft cap, raw bulk idle longer than this goes first ("off": never)', daysOption('--max-age'))
    .option('--dry-run', 'only show what would go')
    .option('--apply', 'do it')
    .option('--json', 'print the report as JSON')
    .action(async (opts: EvictOptions, cmd: Command) => {
      if (Boolean(opts.dryRun) === Boolean(opts.apply)) throw new UsageError('choose one of --dry-run and --apply');
      const overrides: SettingsPatch = { softCapBytes: opts.softCap, hardCapBytes: opts.hardCap, maxAgeDays: maxAgeOf(opts.maxAge) };
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      let report: EvictionReport;
      try {
        report = opts.apply ? await applied(root, overrides) : await planSweep(root, overrides);
      } catch (err) {
        if (err instanceof InvalidSettingsError) throw new UsageError(err.message);
        throw err;
      }
      if (opts.json) printJson(report);
      else printReport(report);
      if (report.dataLoss.length) warn(`data loss: ${report.dataLoss.length} unreadable conversation(s) dropped at the hard cap: ${report.dataLoss.join(', ')}`);
    });
}

function applied(root: string, overrides: SettingsPatch): Promise<EvictionReport> {
  const batch = process.env.DEJAVU_EVICT_BATCH ? Number(process.env.DEJAVU_EVICT_BATCH) : undefined;
  // Tests kill the sweep at a chosen point to prove the next run repairs it.
  const crashAt = process.env.DEJAVU_EVICT_CRASH_AT as CrashPoint | undefined;
  return applySweep(oneShotWrites(root), { overrides, batch, crashAt });
}

function printReport(r: EvictionReport): void {
  const out = stdout;
  const count = (action: string) => r.steps.filter((s) => s.action === action).length;
  const verb = (would: string, did: string) => (r.dryRun ? `would ${would}` : did);
  out.write(`Archive: ${formatBytes(r.archiveBytesBefore)} → ${formatBytes(r.archiveBytesAfter)}${r.dryRun ? ' (estimated)' : ''}; soft cap ${formatBytes(r.settings.softCapBytes)}, hard cap ${formatBytes(r.settings.hardCapBytes)}\n`);
  if (r.repaired) out.write(`${r.repaired} interrupted step(s) from an earlier run finished or rolled back\n`);
  if (r.analyzed) out.write(`${r.analyzed} conversation(s) analyzed (digest made) first\n`);
  if (r.steps.length === 0) out.write(`Nothing ${verb('go', 'had to go')}.\n`);
  else {
    out.write(`${count('stage-1')} conversation(s) ${verb('lose', 'lost')} raw records and large tool output (prompts, answers, tool calls kept)\n`);
    out.write(`${count('stage-2')} conversation(s) ${verb('keep', 'now keep')} only their digest (every prompt, the last answer)\n`);
    if (count('data-loss')) out.write(`${count('data-loss')} unreadable conversation(s) ${verb('be', 'were')} dropped: data loss\n`);
  }
  if (r.steps.length) out.write(`${freedSummary(r, formatBytes)}\n`);
  if (r.overHardCap) out.write('Still over the hard cap: what is left is pinned, digests and the index.\n');
  if (r.digestCapExceeded) out.write('Digests are over their cap: they are never dropped; raise the cap or unpin/delete by hand.\n');
}
