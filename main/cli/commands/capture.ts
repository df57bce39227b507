/** `dejavu capture amp [--] <amp args…>`: run an agent whose threads live on a server and archive the conversation live. */
import type { Command } from 'commander';
import { AmpNotStartedError, captureAmp } from '../../core/use-cases/capture';
import { type GlobalOptions, rootOf } from '../archive-access';
import { UsageError } from '../errors';
import { warn } from '../output';

/** Agents whose conversations are captured by running them (their own files are not enough). */
const CAPTURABLE = ['amp'];

export function registerCapture(program: Command): void {
  program
    .command('capture')
    .description('run an agent and archive its conversation as it happens (amp: `dejavu capture amp -- -x "prompt"`)')
    .argument('<agent>', `the agent to run (${CAPTURABLE.join(', ')})`)
    .argument('[args...]', 'arguments for the agent; put them after -- (e.g. -- threads continue T-…)')
    .allowUnknownOption()
    .action(async (agent: string, args: string[], _opts: unknown, cmd: Command) => {
      if (!CAPTURABLE.includes(agent)) throw new UsageError(`cannot capture "${agent}" (capturable: ${CAPTURABLE.join(', ')})`);
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      let result;
      try {
        result = await captureAmp({ root, args });
      } catch (err) {
        if (err instanceof AmpNotStartedError) throw new Error(`${err.message} (set DEJAVU_AMP_BIN to the amp executable)`);
        throw err;
      }
      // Our stdout is Amp's stream; what we have to say goes to stderr.
      if (result.errors.length) warn(oneLine(result.errors.join('; ')));
      if (result.capturePath && !result.archived) {
        warn(`archive busy; the capture stays at ${result.capturePath} and is archived by the next sync`);
      } else if (result.archived && result.threadId) {
        warn(`archived Amp thread ${result.threadId}`);
      }
      process.exitCode = result.exitCode;
    });
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
