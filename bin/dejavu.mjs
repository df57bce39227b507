#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=4
// The `dejavu` command. The shebang's flag gives V8 a small young generation, which keeps a
// sync's memory flat (see main/core/memory.ts); MALLOC_ARENA_MAX keeps glibc to two malloc
// arenas (main thread and search indexer thread) instead of one per thread that ever allocated,
// ~20-35 MB less peak RSS on a sync (README, "One huge session"). The archive's SQLite driver
// needs Node >= 22.14; when started by an older Node, re-run under the Node 24 the project
// installs (npm's `node` package), with the same flag and arena limit.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'out', 'cli', 'dejavu.mjs');
const [major, minor] = process.versions.node.split('.').map(Number);

if (!existsSync(bundle)) {
  process.stderr.write('dejavu: the CLI is not built yet; run `npm run build` in the Déjà Vu folder\n');
  process.exit(1);
}

if (major > 22 || (major === 22 && minor >= 14)) {
  await import(pathToFileURL(bundle).href);
} else {
  let node;
  try {
    node = createRequire(import.meta.url).resolve('node/bin/node');
  } catch {
    node = undefined;
  }
  if (!node || !existsSync(node)) {
    process.stderr.write(`dejavu: needs Node.js 22.14 or newer (this is ${process.version}); run \`npm install\` in the Déjà Vu folder or upgrade Node\n`);
    process.exit(1);
  }
  // The child ends itself if this process dies, even by SIGKILL (see main/cli/main.ts).
  const child = spawn(node, ['--max-semi-space-size=4', bundle, ...process.argv.slice(2)], { stdio: 'inherit', env: { MALLOC_ARENA_MAX: '2', ...process.env, DEJAVU_PARENT_PID: String(process.pid) } });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  // End the way the child ended: its exit code, or the same signal.
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
