/** `dejavu files`: the conversations that touched a file, or the files a conversation touched. */
import path from 'node:path';
import type { Command } from 'commander';
import type { FilesAnswer } from '../../../shared/files';
import { absolutePath } from '../../../shared/tool-files';
import { conversationsTouching, filesOfConversation } from '../../core/files/files-query';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, shortDate, stdout, table, truncate } from '../output';

export function registerFiles(program: Command): void {
  program
    .command('files')
    .description('the conversations whose tool calls read, edited, wrote or patched PATH; or, with --conversation, every file that conversation touched')
    .argument('[path]', 'a file path (relative paths are taken from here, and also match the same relative path in any other checkout)')
    .option('--conversation <id>', 'list the files this conversation touched (an id or a unique prefix)')
    .option('--json', 'print as JSON')
    .action((typed: string | undefined, opts: { conversation?: string; json?: boolean }, cmd: Command) => {
      if ((typed === undefined) === (opts.conversation === undefined)) throw new UsageError('give a PATH or --conversation ID (one of them)');
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const answer = withReader(global, (r) =>
        opts.conversation !== undefined ? filesOfConversation(r.db, r.resolveId(opts.conversation)) : conversationsTouching(r.db, absolutePath(path.resolve(typed as string), undefined), typed as string),
      );
      if (opts.json) return printJson(answer);
      print(answer);
    });
}

function print(a: FilesAnswer): void {
  if ('path' in a.query) {
    const asked = a.query.path;
    if (!a.entries.length) return void stdout.write(`No archived conversation touched ${asked}.\n`);
    const rows = a.entries.map((e) => [e.conversationId, e.agent, shortDate(e.startedAt), e.actions.join(','), String(e.calls), truncate(e.title, 50), e.path === asked ? '' : e.path]);
    stdout.write(`${table([['ID', 'AGENT', 'STARTED', 'ACTIONS', 'CALLS', 'TITLE', 'AS'], ...rows])}\n`);
  } else {
    if (!a.entries.length) return void stdout.write(`Conversation ${a.query.conversationId} touched no file through its tool calls.\n`);
    stdout.write(`${table([['ACTIONS', 'CALLS', 'PATH'], ...a.entries.map((e) => [e.actions.join(','), String(e.calls), e.path])])}\n`);
  }
}
