// `npm start`: builds what changed since the last build (nothing, most of the time), then
// launches the desktop app. Electron's binary is fetched from the web on first use; where that
// cannot happen, say so plainly (only that: no downloader trace, no advice to delete folders).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time under these paths (files and folders, recursively). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) walk(path.join(p, e));
    } else max = Math.max(max, st.mtimeMs);
  };
  for (const p of paths) walk(path.join(root, p));
  return max;
}

const SOURCES = ['main', 'renderer', 'shared', 'preload', 'scripts/build-cli.mjs', 'scripts/gen-proto.mjs', 'package.json', 'electron.vite.config.ts'];
const BUILT = ['out/main/index.js', 'out/renderer/index.html', 'out/preload/index.cjs'];
const builtAt = Math.min(...BUILT.map((f) => (existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0)));
if (builtAt === 0 || newest(SOURCES) > builtAt) {
  process.stdout.write('Building Déjà Vu (sources changed since the last build)…\n');
  const built = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** Electron's executable when it is installed, without triggering its download. */
function installedElectron() {
  const pkg = path.join(root, 'node_modules', 'electron');
  try {
    const relative = readFileSync(path.join(pkg, 'path.txt'), 'utf8').trim();
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(pkg, 'dist');
    const full = path.join(dist, relative);
    return existsSync(full) ? full : undefined;
  } catch {
    return undefined;
  }
}

let electronPath = installedElectron();
if (!electronPath) {
  // First start: fetch it once, quietly; its own output only matters when it fails.
  process.stdout.write('Fetching the Electron runtime (once)…\n');
  const install = path.join(root, 'node_modules', 'electron', 'install.js');
  const got = existsSync(install) ? spawnSync(process.execPath, [install], { cwd: path.dirname(install), encoding: 'utf8' }) : undefined;
  electronPath = installedElectron();
  if (!electronPath) {
    const output = `${got?.stderr ?? ''}\n${got?.stdout ?? ''}`;
    const reason = /fetch failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT|getaddrinfo/i.exec(output)?.[0] ?? (got ? 'the download did not finish' : 'the electron package is not installed');
    process.stderr.write(
      [
        'Déjà Vu cannot open its window: the Electron runtime is not installed on this machine,',
        'and downloading it failed (it is fetched once, from the internet, on first start).',
        `  reason: ${reason}`,
        '',
        'On a machine with internet access, `npm start` downloads it and opens the app.',
        'Everything else works without it:',
        '  npx dejavu sync            archive your agents’ conversations',
        '  npx dejavu serve           the same app in your browser (prints the URL to open)',
        '',
      ].join('\n'),
    );
    process.exit(1);
  }
}

const child = spawn(electronPath, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
