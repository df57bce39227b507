/**
 * Whether Electron's binary is on this machine. It is downloaded on first use, which fails
 * offline; the Electron-only tests run where it exists and say plainly that they were skipped
 * where it does not. Looking never triggers the download.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../test/fixtures';

export function electronBinary(): string | undefined {
  const pkg = path.join(REPO_ROOT, 'node_modules', 'electron');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  try {
    const relative = readFileSync(path.join(pkg, 'path.txt'), 'utf8').trim();
    const full = override ? path.join(override, relative) : path.join(pkg, 'dist', relative);
    return existsSync(full) ? full : undefined;
  } catch {
    return undefined;
  }
}
