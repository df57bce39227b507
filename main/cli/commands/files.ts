/** `dejavu files`: the conversations that touched a file, or the files a conversation touched. */
import path from 'node:path';
import type { Command } from 'commander';
import { diffText } from '../../../shared/diff';
import type { FilesAnswer, FileTouchEntry } from '../../../shared/files';
import { absolutePath } from '../../../shared/tool-files';
import { filesOf, touching, withEdits } from '../../core/use-cases/files';
import { readConversation } from '../../core/use-cases/show';
import { type GlobalOptions, withReader } from '../archive-access';
import { UsageError } from '../errors';
import { printJson, shortDate, stdout, table, truncate, warn } from '../output';

export function registerFiles(program: Command): void {
  program
    .command('files')
    .description('the conversations whose tool calls read, edited, wrote or patched PATH; or, with --conversation, every file that conversation touched')
    .argument('[path]', 'a file path (relative paths are taken from here, and also match the same relative path in any other checkout)')
    .option('--conversation <id>', 'list the files this conversation touched (an id or a unique prefix)')
    .option('--diffs', "with PATH: each conversation's edits to the file, as diffs (JSON: a diffs field per entry)")
    .option('--json', 'print as JSON')
    .action((typed: string | undefined, opts: { conversation?: string; diffs?: boolean; json?: boolean }, cmd: Command) => {
      if ((typed === undefined) === (opts.conversation === undefined)) throw new UsageError('give a PATH or --conversation ID (one of them)');
      if (opts.diffs && opts.conversation !== undefined) throw new UsageError('--diffs goes with a PATH (the edits of each conversation to that file)');
      const global = cmd.optsWithGlobals<GlobalOptions>();
      const answer = withReader(global, (r) => {
        if (opts.conversation !== undefined) return filesOf(r, opts.conversation);
        const found = touching(r, absolutePath(path.resolve(typed as string), undefined), typed as string);
        return opts.diffs ? withEdits(found, (id) => readConversation(r, id), unreadable) : found;
      });
      if (opts.json) return printJson(answer);
      print(answer);
    });
}

/** An entry shown without its edits: its thread could not be read. */
function unreadable(e: FileTouchEntry, err: unknown): void {
  warn(`${e.conversationId}: its thread could not be read, so its edits are not shown (${(err as Error).message})`);
}

function print(a: FilesAnswer): void {
  if ('path' in a.query) {
    const asked = a.query.path;
    if (!a.entries.length) return void stdout.write(`No archived conversation touched ${asked}.\n`);
    const rows = a.entries.map((e) => [e.conversationId, e.agent, shortDate(e.startedAt), e.actions.join(','), String(e.calls), truncate(e.title, 50), e.path === asked ? '' : e.path]);
    stdout.write(`${table([['ID', 'AGENT', 'STARTED', 'ACTIONS', 'CALLS', 'TITLE', 'AS'], ...rows])}\n`);
    for (const e of a.entries) if (e.diffs?.length) printDiffs(e);
  } else {
    if (!a.entries.length) return void stdout.write(`Conversation ${a.query.conversationId} touched no file through its tool calls.\n`);
    stdout.write(`${table([['ACTIONS', 'CALLS', 'PATH'], ...a.entries.map((e) => [e.actions.join(','), String(e.calls), e.path])])}\n`);
  }
}

function printDiffs(e: FileTouchEntry): void {
  stdout.write(`\n== ${e.conversationId} (${e.agent}): ${e.diffs!.length} edit${e.diffs!.length === 1 ? '' : 's'} of ${e.path}\n`);
  for (const d of e.diffs!) {
    const moved = d.diff.movedTo ? ` → ${d.diff.movedTo}` : '';
    stdout.write(`\n-- #${d.messageIndex} ${d.tool} (${d.diff.action}${moved})${d.timestamp ? ` ${shortDate(d.timestamp)}` : ''}\n${diffText(d.diff)}\n`);
  }
}
