/** `dejavu plans` lists the plans agents made or followed; `dejavu plan ID` prints one as Markdown. */
import { type Command, Option } from 'commander';
import { PLAN_ORIGINS, type PlanOrigin, type PlansAnswer } from '../../../shared/plans';
import { planMarkdown, planOf, plansOf } from '../../core/use-cases/plans';
import { outgoingValue, redactsFor } from '../../core/use-cases/redaction';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, shortDate, stdout, table, truncate } from '../output';

export function registerPlans(program: Command): void {
  program
    .command('plans')
    .description('the plans agents made or followed (plan mode, plan files, "implement the following plan" prompts, step lists), one per plan across every conversation')
    .argument('[words...]', 'only plans whose title, text or file path holds every one of these words')
    .option('--workspace <name>', 'only plans made or used in this workspace')
    .option('--conversation <id>', 'only plans this conversation made or used (an id or a unique prefix)')
    .addOption(new Option('--origin <origin>', 'only plans found this way').choices(PLAN_ORIGINS))
    .option('--json', 'print as JSON')
    .option('--no-redact', 'print secrets as they were typed (redaction is on by default)')
    .action((words: string[], opts: { workspace?: string; conversation?: string; origin?: PlanOrigin; json?: boolean; redact: boolean }, cmd: Command) => {
      const answer = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) =>
        outgoingValue(
          plansOf(r, { text: words.length ? words.join(' ') : undefined, workspace: opts.workspace, conversation: opts.conversation, origin: opts.origin }),
          redactsFor(r, opts.redact === false),
        ),
      );
      if (opts.json) return printJson(answer);
      print(answer);
    });
  program
    .command('plan')
    .description('print one plan as Markdown (its text, then every conversation that made or used it)')
    .argument('<id>', 'a plan id from `dejavu plans` (or a unique prefix)')
    .option('--json', 'print as JSON')
    .option('--no-redact', 'print secrets as they were typed (redaction is on by default)')
    .action((id: string, opts: { json?: boolean; redact: boolean }, cmd: Command) => {
      const plan = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => {
        try {
          return outgoingValue(planOf(r, id), redactsFor(r, opts.redact === false));
        } catch (err) {
          if (err instanceof RangeError) throw new UsageError(err.message);
          throw err;
        }
      });
      if (!plan) throw new Error(`no plan matches "${id}" (list them with \`dejavu plans\`)`);
      if (opts.json) return printJson(plan);
      stdout.write(planMarkdown(plan));
    });
}

function print(a: PlansAnswer): void {
  if (!a.plans.length) return void stdout.write('No plan found in the archive for this question.\n');
  const rows = a.plans.map((p) => [p.id.slice(0, 12), shortDate(p.lastAt), p.origins.join(','), String(p.uses.length), truncate(p.workspaces.join(','), 24), truncate(p.title, 60)]);
  stdout.write(`${table([['PLAN', 'LAST', 'FOUND IN', 'CONVS', 'WORKSPACE', 'TITLE'], ...rows])}\n`);
  stdout.write(`${a.plans.length} plan(s). Print one with \`dejavu plan ID\`.\n`);
}
