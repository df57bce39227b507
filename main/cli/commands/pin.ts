/** `dejavu pin` / `dejavu unpin`: keep a conversation whole, whatever the budget says. */
import type { Command } from 'commander';
import { withWriterLock } from '../../core/archive/locked-write';
import { setPinned } from '../../core/retention/pins';
import { type GlobalOptions, rootOf, withReader } from '../archive-access';
import { stdout } from '../output';

export function registerPin(program: Command): void {
  for (const [name, pinned] of [['pin', true], ['unpin', false]] as const) {
    program
      .command(name)
      .description(pinned ? 'never evict this conversation' : 'let eviction treat this conversation like any other')
      .argument('<id>', 'conversation id, a unique prefix of it, or the agent’s own session id')
      .action(async (id: string, _opts: unknown, cmd: Command) => {
        const global = cmd.optsWithGlobals<GlobalOptions>();
        const resolved = withReader(global, (r) => r.resolveId(id));
        // Under the writer lock: a running sync or sweep finishes first, so no step of it thins a conversation pinned meanwhile.
        await withWriterLock(rootOf(global), (db) => setPinned(db, resolved, pinned));
        stdout.write(`${pinned ? 'pinned' : 'unpinned'} ${resolved}\n`);
      });
  }
}
