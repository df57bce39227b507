#!/usr/bin/env node
// The `dejavu` command. The archive's SQLite driver needs Node >= 22.14; when started by an
// older Node, re-run under the Node 24 the project installs (npm's `node` package). Commands
// that read whole agent homes run with a small young generation, which keeps memory flat
// (see main/core/memory.ts); V8 takes that flag only at start, hence the re-run.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'out', 'cli', 'dejavu.mjs');
const [major, minor] = process.versions.node.split('.').map(Number);
const MEMORY_FLAG = '--max-semi-space-size=4';
const HEAVY = new Set(['sync', 'import', 'serve', 'evict', 'capture']);

function nodeFor() {
  if (major > 22 || (major === 22 && minor >= 14)) return process.execPath;
  try {
    const node = createRequire(import.meta.url).resolve('node/bin/node');
    if (existsSync(node)) return node;
  } catch {
    // fall through to the message below
  }
  process.stderr.write(`dejavu: needs Node.js 22.14 or newer (this is ${process.version}); run \`npm install\` in the Déjà Vu folder or upgrade Node\n`);
  process.exit(1);
}

if (!existsSync(bundle)) {
  process.stderr.write('dejavu: the CLI is not built yet; run `npm run build` in the Déjà Vu folder\n');
  process.exit(1);
}

const args = process.argv.slice(2);
const node = nodeFor();
const heavy = args.some((a) => HEAVY.has(a)) && !process.execArgv.includes(MEMORY_FLAG);
if (node === process.execPath && !heavy) {
  await import(pathToFileURL(bundle).href);
} else {
  // The child ends itself if this process dies, even by SIGKILL (see main/cli/main.ts).
  const child = spawn(node, [...(heavy ? [MEMORY_FLAG] : []), bundle, ...args], { stdio: 'inherit', env: { ...process.env, DEJAVU_PARENT_PID: String(process.pid) } });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  // End the way the child ended: its exit code, or the same signal.
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
