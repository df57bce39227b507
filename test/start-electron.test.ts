/**
 * `npm start` without Electron's binary (offline, or its download blocked): only Déjà Vu's own
 * plain message, no downloader trace and no advice to delete folders; and no rebuild when
 * nothing changed since the last build. The download is pointed at a closed local port, so the
 * test never reaches the internet.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronBinary } from '../e2e/electron-binary';
import { REPO_ROOT } from './fixtures';

describe.skipIf(electronBinary() !== undefined)('npm start without the Electron runtime', () => {
  it('says plainly what is missing and what works without it, and does not rebuild an up-to-date build', () => {
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start-electron.mjs')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: path.join(REPO_ROOT, 'out', 'no-electron-cache') },
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Déjà Vu cannot open its window: the Electron runtime is not installed on this machine,\n/);
    expect(r.stderr).toContain('npx dejavu serve');
    for (const noise of [/delete/i, /install-electron/, /TypeError/, /\n\s+at /, /Downloading Electron binary/]) expect(`${r.stdout}${r.stderr}`).not.toMatch(noise);
    // The build the test run made is current: nothing is rebuilt.
    expect(r.stdout).not.toContain('Building');
  }, 90_000);
});
