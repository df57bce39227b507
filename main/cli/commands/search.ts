/** `dejavu search`: full-text search over every archived conversation. */
import type { Command } from 'commander';
import { type GlobalOptions, withReader } from '../archive-access';
import { bold, printJson, shortDate } from '../output';

export function registerSearch(program: Command): void {
  program
    .command('search')
    .description('search message text (substrings, CJK and "phrases"); tool output only with --tools')
    .argument('<query...>', 'words and "quoted phrases"; all must match')
    .option('-a, --agent <id>', 'only this agent')
    .option('-w, --workspace <name>', 'only this workspace')
    .option('--tools', 'include tool output')
    .option('-n, --limit <n>', 'at most this many hits', (v: string) => Number.parseInt(v, 10), 50)
    .option('--json', 'print hits as JSON')
    .action((words: string[], opts: { agent?: string; workspace?: string; tools?: boolean; limit: number; json?: boolean }, cmd: Command) => {
      const query = words.join(' ');
      const hits = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) =>
        r.search(query, { agent: opts.agent, workspace: opts.workspace, includeToolOutput: opts.tools, limit: opts.limit }),
      );
      if (opts.json) return printJson(hits);
      if (hits.length === 0) {
        process.stdout.write(`No matches for ${JSON.stringify(query)}.\n`);
        return;
      }
      const tty = Boolean(process.stdout.isTTY);
      for (const h of hits) {
        let marked = '';
        let at = 0;
        for (const [s, e] of h.highlights) {
          if (s < at) continue;
          marked += h.snippet.slice(at, s) + bold(h.snippet.slice(s, e), tty);
          at = e;
        }
        marked += h.snippet.slice(at);
        process.stdout.write(`${h.conversation.id}  #${h.messageIndex}  ${shortDate(h.conversation.startedAt)}  ${h.role}\n    ${marked}\n`);
      }
    });
}
