/** `dejavu import`: archive native session files from anywhere. */
import type { Command } from 'commander';
import { type AgentId, AGENT_IDS, isAgentId } from '../../../shared/agents';
import { importFiles } from '../../core/use-cases/import';
import { type GlobalOptions, rootOf } from '../archive-access';
import { indexerScript } from '../thread-scripts';
import { UsageError } from '../errors';
import { printJson, progressBar, warn } from '../output';
import { progressText } from '../../../shared/sync-progress';
import { reportIngest } from './report';

export function registerImport(program: Command): void {
  program
    .command('import')
    .description('archive session files or folders of them; the agent is detected from content unless named')
    .argument('<paths...>', 'files or folders')
    .option('-a, --agent <id>', `the agent that wrote them (${AGENT_IDS.join(', ')})`)
    .option('--json', 'print the report as JSON')
    .action(async (paths: string[], opts: { agent?: string; json?: boolean }, cmd: Command) => {
      if (opts.agent && !isAgentId(opts.agent)) throw new UsageError(`unknown agent "${opts.agent}" (known: ${AGENT_IDS.join(', ')})`);
      const bar = opts.json ? undefined : progressBar();
      const report = await importFiles({
        root: rootOf(cmd.optsWithGlobals<GlobalOptions>()),
        paths,
        agent: opts.agent as AgentId | undefined,
        indexerWorker: indexerScript(),
        onProgress: (p) => bar?.show(p.done, p.total, progressText(p, 'Importing')),
      });
      bar?.done();
      if (opts.json) printJson(report);
      else {
        reportIngest(report);
        for (const f of report.unrecognized) warn(`not a session file of a known agent: ${f}`);
      }
      if (report.errors.length || (report.scanned === 0 && (report.unrecognized.length || report.skipped.length))) process.exitCode = 1;
    });
}
