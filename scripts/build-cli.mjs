// Bundles the Node-side programs that run outside Electron: the CLI and the benchmark.
// Native and generated-at-runtime packages stay external and load from node_modules.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: 'linked',
  external: ['better-sqlite3', 'electron'],
  define: { __DEJAVU_VERSION__: JSON.stringify(version) },
  // ESM output still meets CommonJS dependencies that call require().
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
};

// Split: what only some commands need (the MCP SDK, the server) is loaded by them, in chunks/,
// not by every run (README, "One huge session: peak memory"). Chunks are named by hash: clear the old.
rmSync(path.join(root, 'out/cli/chunks'), { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { dejavu: path.join(root, 'main/cli/main.ts') },
  outdir: path.join(root, 'out/cli'),
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
// The search indexer's thread: its own small bundle (main/cli/indexer-thread.ts).
await build({ ...common, entryPoints: [path.join(root, 'main/cli/indexer-thread.ts')], outfile: path.join(root, 'out/cli/indexer.mjs') });
// The app service's reading thread for `dejavu serve`: its own small bundle too (main/cli/reading-thread.ts).
await build({ ...common, entryPoints: [path.join(root, 'main/cli/reading-thread.ts')], outfile: path.join(root, 'out/cli/reading.mjs') });
await build({ ...common, entryPoints: [path.join(root, 'bench/sync-bench.ts')], outfile: path.join(root, 'out/bench/sync-bench.mjs') });
await build({ ...common, entryPoints: [path.join(root, 'bench/evict-bench.ts')], outfile: path.join(root, 'out/bench/evict-bench.mjs') });
await build({ ...common, entryPoints: [path.join(root, 'bench/search-bench.ts')], outfile: path.join(root, 'out/bench/search-bench.mjs') });
await build({ ...common, entryPoints: [path.join(root, 'bench/live-bench.ts')], outfile: path.join(root, 'out/bench/live-bench.mjs') });
await build({ ...common, entryPoints: [path.join(root, 'bench/content-bench.ts')], outfile: path.join(root, 'out/bench/content-bench.mjs') });
await build({ ...common, entryPoints: [path.join(root, 'bench/huge-session-bench.ts')], outfile: path.join(root, 'out/bench/huge-session-bench.mjs') });
