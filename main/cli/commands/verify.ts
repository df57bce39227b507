/** `dejavu verify`: check the whole archive is consistent, and with --repair rebuild what can be rebuilt. */
import type { Command } from 'commander';
import type { IntegrityProblem, IntegrityReport } from '../../../shared/verify';
import { openArchiveWriter } from '../../core/access/open-writer';
import { openSearchDb } from '../../core/search/search-db';
import { recordLastCheck } from '../../core/verify/last-check';
import { repairArchive } from '../../core/verify/repair-archive';
import { type Verification, verifyArchive } from '../../core/verify/verify-archive';
import { type GlobalOptions, rootOf } from '../archive-access';
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
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      // The writer lock: nothing changes while the archive is checked (and repaired).
      const writer = openArchiveWriter(root);
      let result: Verification;
      let repaired: string[] | undefined;
      let fixed = 0;
      try {
        const search = openSearchDb(root);
        try {
          result = verifyArchive(root, writer.db, search);
          if (opts.repair) {
            repaired = result.findings.some((f) => f.repairable) ? await repairArchive(writer, result.findings) : [];
            const before = result.report.problems;
            result = verifyArchive(root, writer.db, search);
            fixed = Math.max(0, before - result.report.problems);
          }
        } finally {
          search.close();
        }
        const r = result.report;
        recordLastCheck(writer.db, { at: r.checkedAt, consistent: r.consistent, problems: r.problems, repaired: fixed, conversations: r.counts.conversations, blobFiles: r.counts.blobFiles });
      } finally {
        writer.close();
      }
      if (opts.json) printJson({ ...result.report, ...(repaired ? { repaired } : {}) });
      else printReport(result.report, repaired);
      process.exitCode = result.report.consistent ? 0 : 1;
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
