// `npm start` (after the build): launches the desktop app. Electron's binary is fetched from
// the web on first use; where that cannot happen, say so plainly instead of a stack trace.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

let electronPath;
try {
  electronPath = require('electron');
} catch (err) {
  process.stderr.write(
    [
      '',
      'Déjà Vu cannot open its window: the Electron runtime is not installed on this machine,',
      'and downloading it failed (it is fetched once, from the internet, on first start).',
      `  reason: ${String(err?.message ?? err).split('\n')[0]}`,
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

const child = spawn(electronPath, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
