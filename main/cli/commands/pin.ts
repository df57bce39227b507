/** `dejavu pin` / `dejavu unpin`: keep a conversation whole, whatever the budget says. */
import type { Command } from 'commander';
import { pinConversation } from '../../core/use-cases/pin';
import { type GlobalOptions, withReaderAsync, writesOf } from '../archive-access';
import { stdout } from '../output';

export function registerPin(program: Command): void {
  for (const [name, pinned] of [['pin', true], ['unpin', false]] as const) {
    program
      .command(name)
      .description(pinned ? 'never evict this conversation' : 'let eviction treat this conversation like any other')
      .argument('<id>', 'conversation id, a unique prefix of it, or the agent’s own session id')
      .action(async (id: string, _opts: unknown, cmd: Command) => {
        const global = cmd.optsWithGlobals<GlobalOptions>();
        const done = await withReaderAsync(global, (r) => pinConversation(r, writesOf(global), id, pinned));
        stdout.write(`${pinned ? 'pinned' : 'unpinned'} ${done.id}\n`);
      });
  }
}
