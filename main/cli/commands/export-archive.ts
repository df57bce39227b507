/** `dejavu export-archive`: the archive (or part of it) as one file another machine can merge. */
import type { Command } from 'commander';
import { AGENT_IDS, isAgentId } from '../../../shared/agents';
import { exportArchiveFile, type ExportFilter } from '../../core/use-cases/export-archive';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { formatBytes, printJson, stdout, warn } from '../output';

interface ExportArchiveOptions {
  output?: string;
  workspace?: string;
  agent?: string;
  since?: string;
  json?: boolean;
}

export function registerExportArchive(program: Command): void {
  program
    .command('export-archive')
    .description('write the archive, or the conversations a filter picks, as one file (a tar) that `dejavu merge` reads on another machine')
    .option('-o, --output <file>', 'the file to write (default: dejavu-<machine>-<date>.tar here)')
    .option('--workspace <name>', 'only this workspace')
    .option('--agent <id>', `only this agent (${AGENT_IDS.join(', ')})`)
    .option('--since <date>', 'only conversations active on or after this date (YYYY-MM-DD)')
    .option('--json', 'print the report as JSON')
    .action((opts: ExportArchiveOptions, cmd: Command) => {
      if (opts.agent !== undefined && !isAgentId(opts.agent)) throw new UsageError(`unknown agent "${opts.agent}" (known: ${AGENT_IDS.join(', ')})`);
      if (opts.since !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(opts.since) || Number.isNaN(Date.parse(opts.since)))) {
        throw new UsageError(`--since wants a date like 2026-01-31, not "${opts.since}"`);
      }
      const filter: ExportFilter = { workspace: opts.workspace, agent: opts.agent, since: opts.since };
      const report = withReader(cmd.optsWithGlobals<GlobalOptions>(), (reader) => exportArchiveFile(reader, opts.output, filter));
      for (const s of report.skipped) warn(`left out ${s.id}: its archived copy could not be read (${s.message})`);
      if (opts.json) return printJson(report);
      stdout.write(`${report.conversations} conversation(s), ${formatBytes(report.bytes)}, written to ${report.file}\n`);
    });
}
