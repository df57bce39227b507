/** `dejavu open ID`: show a conversation in the desktop app, through its `dejavu://` link. */
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { conversationLink, conversationRoute } from '../../core/service/deep-link';
import { conversationSummary } from '../../core/use-cases/list';
import { type GlobalOptions, withReader } from '../archive-access';
import { printJson, stdout } from '../output';

export function registerOpen(program: Command): void {
  program
    .command('open')
    .description('open a conversation in the desktop app (through its dejavu://conversation/<id> link)')
    .argument('<id>', 'conversation id, a unique prefix of it, or the agent’s own session id')
    .option('--print', 'print the link instead of opening it')
    .option('--json', 'print the link and the route as JSON instead of opening it')
    .action(async (idArg: string, opts: { print?: boolean; json?: boolean }, cmd: Command) => {
      const id = withReader(cmd.optsWithGlobals<GlobalOptions>(), (r) => conversationSummary(r, idArg).id);
      const url = conversationLink(id);
      if (opts.json) return printJson({ id, url, route: conversationRoute(id) });
      if (opts.print) return stdout.write(`${url}\n`);
      const failure = await openWithSystem(url);
      if (failure) {
        throw new Error(
          `could not open ${url} (${failure}); is the Déjà Vu app installed? Without it, run \`dejavu serve\` and open http://127.0.0.1:4646/${conversationRoute(id)} in a browser`,
        );
      }
      stdout.write(`opened ${url}\n`);
    });
}

/** Hands the link to the OS's opener; resolves to why it failed, or undefined. */
function openWithSystem(url: string): Promise<string | undefined> {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', windowsHide: true });
    child.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ENOENT' ? `${command} is not available` : err.message));
    child.once('exit', (code, signal) => resolve(code === 0 ? undefined : `${command} ${signal ? `was stopped by ${signal}` : `exited with code ${code}`}`));
  });
}
