/** The `dejavu` command line: builds the program and runs it with the exit codes people script against. */
import { Command, CommanderError } from 'commander';
import { registerImport } from './commands/import';
import { registerList } from './commands/list';
import { registerMcp } from './commands/mcp';
import { registerOpen } from './commands/open';
import { registerSearch } from './commands/search';
import { registerServe } from './commands/serve';
import { registerShow } from './commands/show';
import { registerCapture } from './commands/capture';
import { registerEvict } from './commands/evict';
import { registerPin } from './commands/pin';
import { registerSettings } from './commands/settings';
import { registerStats } from './commands/stats';
import { registerSync } from './commands/sync';
import { registerUsage } from './commands/usage';
import { registerFiles } from './commands/files';
import { registerPlans } from './commands/plans';
import { registerTimeline } from './commands/timeline';
import { setWriterName, storageFailureMessage } from '../core/use-cases/open-archive';
import { type GlobalOptions, rootOf } from './archive-access';
import { registerVerify } from './commands/verify';
import { registerDigest } from './commands/digest';
import { registerDoctor } from './commands/doctor';
import { registerExportArchive } from './commands/export-archive';
import { registerMerge } from './commands/merge';
import { UsageError } from './errors';
import { stderr, stdout, warn } from './output';

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;

export function buildProgram(version: string): Command {
  const program = new Command('dejavu')
    .description('Déjà Vu: every conversation you had with a coding agent, archived and searchable.')
    .version(version)
    .option('--archive <dir>', 'archive folder (default: $DEJAVU_HOME or the per-user data folder)')
    .showHelpAfterError('(run `dejavu --help` for usage)')
    // Commander's messages quote what was typed: through the same layer as everything else.
    .configureOutput({ writeOut: (s) => stdout.write(s), writeErr: (s) => stderr.write(s) })
    .exitOverride();
  for (const register of [registerSync, registerImport, registerList, registerShow, registerSearch, registerStats, registerServe, registerCapture, registerMcp, registerEvict, registerPin, registerSettings, registerVerify, registerUsage, registerFiles, registerPlans, registerTimeline, registerExportArchive, registerMerge, registerDigest, registerDoctor]) register(program);
  registerOpen(program);
  program.commands.forEach((c) => c.exitOverride());
  // The lock file names the command holding the archive, for the message another writer gets.
  program.hook('preAction', (_program, action) => setWriterName(`dejavu ${action.name()}${action.name() === 'sync' && action.opts<{ watch?: boolean }>().watch ? ' --watch' : ''}`));
  return program;
}

export async function run(argv: readonly string[], version: string): Promise<number> {
  const program = buildProgram(version);
  try {
    await program.parseAsync(argv as string[], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here too, successfully.
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    if (err instanceof UsageError) {
      warn(err.message);
      return EXIT_USAGE;
    }
    const storage = storageFailureMessage(err, rootOf(program.opts<GlobalOptions>()));
    warn(oneLine(storage ?? (err as Error).message ?? String(err)));
    if (process.env.DEJAVU_DEBUG) stderr.write(`${(err as Error).stack}
`);
    return EXIT_ERROR;
  }
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
