/** `dejavu show` and `dejavu export`: one conversation, whole. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { conversationToMarkdown, exportFileName } from '../../core/render/markdown';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, stdout } from '../output';

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('print one conversation (Markdown by default)')
    .argument('<id>', 'conversation id, a unique prefix of it, or the agent’s own session id')
    .option('--json', 'the whole normalized record as JSON')
    .option('--markdown', 'Markdown (the default)')
    .action((id: string, opts: { json?: boolean; markdown?: boolean }, cmd: Command) => {
      if (opts.json && opts.markdown) throw new UsageError('choose one of --json and --markdown');
      const conversation = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => r.get(id));
      if (opts.json) printJson(conversation);
      // The Markdown is a document: verbatim into a pipe or file, control characters made visible on a terminal.
      else stdout.data(conversationToMarkdown(conversation));
    });

  program
    .command('export')
    .description('write one conversation to a file (Markdown or JSON)')
    .argument('<id>', 'conversation id or a unique prefix')
    .option('-o, --output <file>', 'file to write ("-" for standard output); default: YYYY-MM-DD_<title>.md here')
    .option('-f, --format <format>', 'md or json', 'md')
    .action((id: string, opts: { output?: string; format: string }, cmd: Command) => {
      if (opts.format !== 'md' && opts.format !== 'json') throw new UsageError(`--format is md or json, not "${opts.format}"`);
      const conversation = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => r.get(id));
      // To standard output: JSON escaped (it parses back the same); Markdown verbatim, unless stdout is a terminal.
      if (opts.output === '-') return opts.format === 'json' ? printJson(conversation) : stdout.data(conversationToMarkdown(conversation));
      const text = opts.format === 'json' ? `${JSON.stringify(conversation, null, 2)}\n` : conversationToMarkdown(conversation);
      const file = path.resolve(opts.output ?? exportFileName(conversation).replace(/\.md$/, `.${opts.format}`));
      writeFileSync(file, text);
      stdout.write(`${file}\n`);
    });
}
