#!/usr/bin/env node
// The `dejavu` command. The archive's SQLite driver needs Node >= 22.14; when started by an
// older Node, re-run under the Node 24 the project installs (npm's `node` package).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = path.join(here, '..', 'out', 'cli', 'dejavu.mjs');
const [major, minor] = process.versions.node.split('.').map(Number);

if (major < 22 || (major === 22 && minor < 14)) {
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
  const child = spawnSync(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(child.status ?? 1);
}
if (!existsSync(bundle)) {
  process.stderr.write('dejavu: the CLI is not built yet; run `npm run build` in the Déjà Vu folder\n');
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
