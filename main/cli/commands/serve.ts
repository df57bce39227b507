/** `dejavu serve`: the app's UI and contract over HTTP, for a browser (and the browser tests). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { type GlobalOptions, rootOf } from '../archive-access';
import { UsageError } from '../errors';
import { indexerScript, readingScript } from '../thread-scripts';
import { stdout, warn } from '../output';

/** The built renderer beside the CLI bundle (out/cli → out/renderer). */
function rendererDir(): string {
  const script = indexerScript();
  const base = script ? path.dirname(script) : path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(base, '..', 'renderer');
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the Déjà Vu app to a browser on this machine (prints the URL to open, token included)')
    .option('-p, --port <n>', 'port (0 picks a free one)', (v: string) => Number.parseInt(v, 10), 4646)
    .option('--host <addr>', 'address to listen on', '127.0.0.1')
    .option('-s, --source <dir>', 'sync this home or folder instead of the defaults (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--no-sync', 'do not sync when starting')
    .option('--no-watch', 'do not watch the agents’ files for new messages')
    // The tests' way to see several pages on a small archive; the default is measured (search README, "Bounded pages").
    .option('--search-page-text <chars>', 'test/diagnostic: characters of text one search page reads before it answers and goes on older', (v: string) => Number(v))
    .action(async (opts: { port: number; host: string; source: string[]; sync: boolean; watch: boolean; searchPageText?: number }, cmd: Command) => {
      if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) throw new UsageError('--port wants a number from 0 to 65535');
      const pageText = opts.searchPageText;
      if (pageText !== undefined && !(Number.isSafeInteger(pageText) && pageText > 0)) throw new UsageError('--search-page-text wants a whole number of characters above 0');
      const staticDir = rendererDir();
      if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error(`the app is not built (${staticDir}): run \`npm run build\``);
      const root = rootOf(cmd.optsWithGlobals<GlobalOptions>());
      // Loaded here, not with the CLI: the service and the server are memory no other command needs.
      const [{ ArchiveService }, { startServer }] = await Promise.all([import('../../core/service/archive-service'), import('../../server/http-server')]);
      // The service's log goes through the CLI's output layer (control characters from a file name or an error shown, not sent).
      const service = new ArchiveService({ root, sources: opts.source.length ? opts.source : undefined, indexerWorker: indexerScript(), readingWorker: readingScript(), searchPageText: pageText, log: (level, scope, message) => warn(`${level} [${scope}] ${message}`) });
      const server = await startServer({ service, host: opts.host, port: opts.port, staticDir });
      stdout.write(`${server.url}\n`);
      if (!['127.0.0.1', 'localhost', '::1'].includes(opts.host)) {
        warn(`listening on ${opts.host}: anyone who can reach it and has the token can read your archive`);
      }
      // Live capture first (it holds the writer lock from then on), so the first sync runs
      // through its writer and no other writer can slip in between the two.
      // Their failures are the service's background failures: on stderr (its log) and in the
      // status bar of every page, one that opens later too (dejavu:status keeps them).
      void (async () => {
        if (opts.sync && opts.watch) await service.background('live capture', () => service.startLive());
        if (opts.sync) await service.background('sync', () => service.sync());
      })();
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
      await service.stopLive();
      service.close();
    });
}
