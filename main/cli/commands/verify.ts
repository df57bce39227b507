/** `dejavu verify`: check the whole archive is consistent, and with --repair rebuild what can be rebuilt. */
import type { Command } from 'commander';
import type { IntegrityProblem, IntegrityReport } from '../../../shared/verify';
import { verify } from '../../core/use-cases/verify';
import { type GlobalOptions, writesOf } from '../archive-access';
import { printJson, stdout, truncate } from '../output';

interface VerifyOptions {
  repair?: boolean;
  json?: boolean;
}

export function registerVerify(program: Command): void {
  program
    .command('verify')
    .description('check every conversation, blob, search row, digest, eviction step and source cursor of the archive (exit 1 when something is wrong)')
    .option('--repair', 'rebuild what can be rebuilt (search rows, digests, counts, a row of another revision than its blob, eviction steps, cursors) and move stray blob files to lost+found')
    .option('--json', 'print the report as JSON')
    .action(async (opts: VerifyOptions, cmd: Command) => {
      const { report, repaired } = await verify(writesOf(cmd.optsWithGlobals<GlobalOptions>()), Boolean(opts.repair));
      if (opts.json) printJson({ ...report, ...(repaired ? { repaired } : {}) });
      else printReport(report, repaired);
      process.exitCode = report.consistent ? 0 : 1;
    });
}

function printReport(r: IntegrityReport, repaired: string[] | undefined): void {
  const out = stdout;
  const c = r.counts;
  out.write(`Checked ${c.conversations} conversation(s), ${c.blobFiles} blob file(s), ${c.searchRows} search row(s), ${c.digests} digest(s), ${c.ledgerSteps} eviction step(s), ${c.sources} source cursor(s).\n`);
  if (repaired?.length) {
    out.write('Repaired:\n');
    for (const line of repaired) out.write(`  - ${line}\n`);
  }
  for (const g of r.groups) {
    out.write(g.conversationId ? `\nConversation ${g.conversationId}${g.title ? ` (${truncate(g.title, 60)})` : ''}:\n` : '\nArchive files:\n');
    for (const p of g.problems) out.write(`  - ${p.message}${suffix(p, repaired !== undefined)}\n`);
  }
  if (r.consistent) {
    out.write(`\nThe archive is consistent.\n`);
    return;
  }
  const repairable = r.groups.reduce((n, g) => n + g.problems.filter((p) => p.repairable).length, 0);
  if (repaired) out.write(`\n${r.problems} problem(s) left that verify cannot repair.\n`);
  else out.write(`\n${r.problems} problem(s) found; ${repairable} can be repaired with \`dejavu verify --repair\`.\n`);
}

function suffix(p: IntegrityProblem, afterRepair: boolean): string {
  if (afterRepair) return ' (not repaired)';
  return p.repairable ? ' (repairable)' : ' (cannot be repaired here)';
}
