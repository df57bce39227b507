/** `dejavu timeline`: what happened in a repository (and branch), across every agent, in time order. */
import type { Command } from 'commander';
import { isAgentId } from '../../../shared/agents';
import { RELATION_OF } from '../../../shared/parent-link';
import type { TimelineAnswer, TimelineEntry } from '../../../shared/timeline';
import { formatCost } from '../../../shared/usage';
import { outgoingValue, redactsFor } from '../../core/use-cases/redaction';
import { repositoryNames, timelineOf } from '../../core/use-cases/timeline';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, shortDate, stdout, truncate } from '../output';

export function registerTimeline(program: Command): void {
  program
    .command('timeline')
    .description('every conversation of every agent in a repository (and branch or worktree), oldest first: first prompt, outcome, files, plans, tokens and cost')
    .argument('[repo]', 'a repository: its folder name, its root path, a path inside it, or a workspace (all repositories when left out)')
    .option('--repo <repo>', 'the same as the REPO argument')
    .option('--branch <branch>', 'only this git branch (or worktree folder)')
    .option('--since <date>', 'only conversations started on or after this local day (YYYY-MM-DD)')
    .option('--agent <id>', 'only this agent')
    .option('--json', 'print as JSON')
    .option('--no-redact', 'print secrets as they were typed (redaction is on by default)')
    .action((positional: string | undefined, opts: { repo?: string; branch?: string; since?: string; agent?: string; json?: boolean; redact: boolean }, cmd: Command) => {
      if (positional !== undefined && opts.repo !== undefined && positional !== opts.repo) throw new UsageError('give the repository once: as REPO or as --repo');
      if (opts.agent !== undefined && !isAgentId(opts.agent)) throw new UsageError(`unknown agent "${opts.agent}"`);
      const repo = positional ?? opts.repo;
      let answer: TimelineAnswer;
      let known: string[] = [];
      try {
        [answer, known] = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => {
          const a = timelineOf(r, { repo, branch: opts.branch, since: opts.since, agent: opts.agent as never });
          // Only when nothing matched: the names there are, to say what could have been meant.
          const names = a.entries.length || repo === undefined ? [] : repositoryNames(r);
          return [outgoingValue(a, redactsFor(r, opts.redact === false)), names] as const;
        });
      } catch (err) {
        if (err instanceof RangeError) throw new UsageError(err.message);
        throw err;
      }
      if (opts.json) return printJson(answer);
      print(answer, known);
    });
}

function print(a: TimelineAnswer, known: readonly string[]): void {
  const out = stdout;
  if (!a.entries.length) {
    const what = [a.query.repo && `in ${a.query.repo}`, a.query.branch && `on branch ${a.query.branch}`, a.query.since && `since ${a.query.since}`].filter(Boolean).join(' ');
    out.write(`No archived conversation ${what || 'yet'}.\n`);
    if (known.length) out.write(`Repositories in the archive: ${[...new Set(known)].sort().join(', ')}\n`);
    return;
  }
  let repo = '';
  for (const e of a.entries) {
    if (a.repositories.length > 1 && e.repository !== repo) {
      repo = e.repository;
      out.write(`\n== ${repo}\n`);
    }
    out.write(`${entryText(e)}\n`);
  }
  const cost = a.totals.costUsd === null ? 'no price' : `${formatCost(a.totals.costUsd)}${a.totals.unpricedTokens ? ' + no price' : ''}`;
  out.write(`\n${a.entries.length} conversation(s) in ${a.repositories.length} repositor${a.repositories.length === 1 ? 'y' : 'ies'}: ${a.totals.tokens.toLocaleString('en-US')} tokens, ${cost}. Times in ${a.timeZone}.\n`);
}

function entryText(e: TimelineEntry): string {
  const where = [e.branch && `on ${e.branch}`, e.worktree && `worktree ${e.worktree.split('/').pop()}`].filter(Boolean).join(', ');
  const cost = e.costUsd === null ? (e.tokens ? 'no price' : '') : formatCost(e.costUsd);
  const head = `${shortDate(e.startedAt)}  ${e.agent}  ${e.outcome}${where ? `  ${where}` : ''}  ${e.tokens ? `${e.tokens.toLocaleString('en-US')} tok ${cost}` : ''}`.trimEnd();
  const lines = [head, `  ${e.conversationId}${e.subagents ? ` (+${e.subagents} subagent(s))` : ''}${e.parent ? ` (${RELATION_OF[e.parent.relation].toLowerCase()} ${e.parent.id})` : ''}`];
  if (e.firstPrompt) lines.push(`  > ${truncate(e.firstPrompt.replace(/\s+/g, ' '), 110)}`);
  if (e.files.total) lines.push(`  files: ${e.files.changed} changed, ${e.files.total} touched: ${truncate(e.files.top.join(', '), 100)}`);
  for (const p of e.plans) lines.push(`  plan ${p.id.slice(0, 12)} (${p.link} · ${p.origin}): ${truncate(p.title, 80)}`);
  return lines.join('\n');
}
