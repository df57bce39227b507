/**
 * `dejavu doctor`: the drift census. Per agent, the homes and session files found, the sessions
 * archived, the versions seen, the record types nobody knew, and the files no provider reads.
 * Exit 1 when an agent home holds session files nothing reads: their history is not being kept.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { AGENT_LABELS } from '../../../shared/agents';
import { type AgentCensus, agentPresent, type DoctorReport } from '../../../shared/doctor';
import { doctor } from '../../core/use-cases/doctor';
import { type GlobalOptions, rootOf, withReaderAsync } from '../archive-access';
import { bold, printJson, stdout } from '../output';

/** Examples of other unread files shown per agent in the text; `--json` has every group. */
const OTHER_SHOWN = 5;

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('a census of every agent home: sessions found and archived, agent versions, unknown record types, files nothing reads; exit 1 when session files are read by nothing')
    .option('-s, --source <dir>', 'look in this home or folder instead of the defaults (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--json', 'print the census as JSON')
    .action(async (opts: { source: string[]; json?: boolean }, cmd: Command) => {
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const report = await withReaderAsync(global, (reader) => doctor(reader, { root: rootOf(global), sources: opts.source }));
      if (opts.json) printJson(report);
      else printReport(report);
      if (report.unreadSessionFiles > 0) process.exitCode = 1;
    });
}

function printReport(r: DoctorReport): void {
  const out = stdout;
  const present = r.agents.filter(agentPresent);
  out.write(`Looked in ${r.homes.length} home(s): ${r.homes.join(', ')}\n`);
  for (const a of present) printAgent(a);
  const absent = r.agents.filter((a) => !agentPresent(a)).map((a) => AGENT_LABELS[a.agent]);
  if (absent.length) out.write(`\nNot found in any home, nothing archived: ${absent.join(', ')}\n`);
  out.write('\n');
  if (r.unreadSessionFiles === 0) out.write('Every session file in the agent homes is read.\n');
  else {
    const agents = present.filter((a) => a.unreadSessionFiles.length).map((a) => AGENT_LABELS[a.agent]);
    out.write(bold(`${r.unreadSessionFiles} session file(s) in ${agents.join(', ')} home(s) are read by nothing: they are not being archived (listed above).`, out.isTTY));
    out.write('\n');
  }
}

function printAgent(a: AgentCensus): void {
  const out = stdout;
  out.write('\n');
  out.write(bold(AGENT_LABELS[a.agent], out.isTTY));
  out.write('\n');
  for (const h of a.homes) out.write(`  home: ${h.path}${h.instance === 'host' ? '' : ` (${h.instance})`}${h.folders.length ? `: ${h.folders.map((f) => path.relative(h.path, f)).join(', ')}` : ''}\n`);
  const kept = a.keptAfterDeletion ? ` (${a.keptAfterDeletion} kept after the agent deleted them)` : '';
  out.write(`  session files: ${a.sessionFiles} found, ${a.archived} session(s) archived${kept}\n`);
  if (a.versions.length) out.write(`  versions seen: ${a.versions.map((v) => `${v.version} (${v.sessions})`).join(', ')}\n`);
  for (const t of a.unknownTypes) out.write(`  unknown record type: ${t.type} in ${t.sessions} session(s), e.g. ${t.example}\n`);
  if (a.unreadSessionFiles.length) {
    out.write(bold(`  ${a.unreadSessionFiles.length} session file(s) nothing reads:`, out.isTTY));
    out.write('\n');
    for (const f of a.unreadSessionFiles) out.write(`    ${f}\n`);
  }
  for (const o of a.otherFiles.slice(0, OTHER_SHOWN)) out.write(`  other files not located as sessions: ${o.count} ${o.extension}, e.g. ${o.example}\n`);
  if (a.otherFiles.length > OTHER_SHOWN) out.write(`  other files not located as sessions: ${a.otherFiles.slice(OTHER_SHOWN).reduce((n, o) => n + o.count, 0)} more of ${a.otherFiles.length - OTHER_SHOWN} other extension(s) (see --json)\n`);
  for (const w of a.warnings) out.write(`  warning: ${w}\n`);
}
