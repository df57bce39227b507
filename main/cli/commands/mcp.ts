/** `dejavu mcp`: serve the archive to coding agents over the Model Context Protocol (stdio). */
import type { Command } from 'commander';
import { type GlobalOptions, rootOf } from '../archive-access';

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the archive read-only to coding agents over MCP (stdio): list, search, read and digest conversations')
    .action(async (_opts: unknown, cmd: Command) => {
      // Loaded here, not with the CLI: the MCP SDK is tens of MB of memory no other command needs.
      const { runMcpServer } = await import('../../mcp/server');
      await runMcpServer(rootOf(cmd.optsWithGlobals<GlobalOptions>()), cmd.parent?.version() ?? '0.0.0');
    });
}
