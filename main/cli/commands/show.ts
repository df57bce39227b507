/** `dejavu show` and `dejavu export`: one conversation, whole. */
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { FarConversation } from '../../../shared/far-record';
import { conversationToMarkdown, EXPORT_FORMATS, type ExportFormat, exportName, readyToRender, renderExport } from '../../core/use-cases/export';
import { describeRedaction, REDACTION_OFF_NOTE } from '../../core/use-cases/redaction';
import { outgoingRead, withTightHeapSync } from '../../core/use-cases/show';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { jsonChunks, jsonDocument } from '../json-pieces';
import { printJson, stdout, warn } from '../output';

/**
 * The conversation as it may leave the archive: secrets masked unless `--no-redact` or the
 * `redactExports` setting says otherwise, and the person told which it was.
 */
function outgoing(id: string, redactFlag: boolean | undefined, cmd: Command, asJson: boolean): FarConversation {
  return withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => {
    const result = outgoingRead(r, id, redactFlag === false, asJson);
    if (!result.redact) warn(REDACTION_OFF_NOTE);
    else if (result.count > 0) warn(`${describeRedaction(result)}; --no-redact keeps them`);
    return result.conversation;
  });
}

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('print one conversation (Markdown by default; secrets masked)')
    .argument('<id>', 'conversation id, a unique prefix of it, or the agent’s own session id')
    .option('--json', 'the whole normalized record as JSON')
    .option('--markdown', 'Markdown (the default)')
    .option('--no-redact', 'print secrets as they were typed (redaction is on by default)')
    .action((id: string, opts: { json?: boolean; markdown?: boolean; redact?: boolean }, cmd: Command) => {
      if (opts.json && opts.markdown) throw new UsageError('choose one of --json and --markdown');
      withTightHeapSync(() => {
        const conversation = outgoing(id, opts.redact, cmd, opts.json === true);
        if (opts.json) printJson(conversation);
        // The Markdown is a document: verbatim into a pipe or file, control characters made visible on a terminal.
        else stdout.data(conversationToMarkdown(conversation));
      });
    });

  program
    .command('export')
    .description('write one conversation to a file (Markdown, JSON or one self-contained HTML page; secrets masked)')
    .argument('<id>', 'conversation id or a unique prefix')
    .option('-o, --output <file>', 'file to write ("-" for standard output); default: YYYY-MM-DD_<title>.<format> here')
    .option('-f, --format <format>', 'md, json or html', 'md')
    .option('--no-redact', 'write secrets as they were typed (redaction is on by default)')
    .action(async (id: string, opts: { output?: string; format: string; redact?: boolean }, cmd: Command) => {
      if (!(EXPORT_FORMATS as readonly string[]).includes(opts.format)) throw new UsageError(`--format is md, json or html, not "${opts.format}"`);
      const format = opts.format as ExportFormat;
      await readyToRender(format);
      withTightHeapSync(() => {
        const conversation = outgoing(id, opts.redact, cmd, format === 'json');
        // To standard output: JSON escaped (it parses back the same); Markdown and HTML verbatim, unless stdout is a terminal.
        if (opts.output === '-') return format === 'json' ? printJson(conversation) : stdout.data(renderExport(conversation, format));
        const file = path.resolve(opts.output ?? exportName(conversation, format));
        if (format === 'json') writeJsonFile(file, conversation);
        else writeFileSync(file, renderExport(conversation, format));
        stdout.write(`${file}\n`);
      });
    });
}

/** `JSON.stringify(c, null, 2)` and a line break into `file`, written as it is made (a huge output is never one string). */
function writeJsonFile(file: string, c: FarConversation): void {
  const fd = openSync(file, 'w');
  try {
    for (const chunk of jsonChunks(jsonDocument(c))) {
      const bytes = Buffer.from(chunk, 'utf8');
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    }
  } finally {
    closeSync(fd);
  }
}
