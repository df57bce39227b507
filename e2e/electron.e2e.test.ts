/**
 * The desktop shell itself (Playwright's Electron driver): the window is locked down, IPC
 * answers through the preload bridge, the File menu exports the open thread through the save
 * dialog, and the tray exists. Runs only where Electron's binary is installed.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { REPO_ROOT } from '../test/fixtures';
import { provenanceFor } from '../test/provenance';
import { electronBinary } from './electron-binary';

const binary = electronBinary();
if (!binary) {
  console.warn('\nElectron e2e SKIPPED: Electron’s binary is not installed on this machine (it is downloaded from the internet on first use). The same UI is tested in Chromium by the other e2e specs.\n');
}

describe.skipIf(!binary)('desktop app (Electron)', () => {
  let app: ElectronApplication;
  let page: Page;
  const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-electron-'));
  const env = { DEJAVU_HOME: path.join(work, 'archive'), HOME: path.join(work, 'home') };

  beforeAll(async () => {
    expect(dejavu(['import', provenanceFor('claude-code')[4].absPath], env).code).toBe(0);
    app = await electron.launch({ executablePath: binary, args: [REPO_ROOT], env: { ...process.env, ...env } as Record<string, string> });
    page = await app.firstWindow();
    await page.waitForSelector('[data-app-state="ready"]', { timeout: 30_000 });
  });
  afterAll(async () => app?.close());

  it('runs the renderer sandboxed, isolated and without Node', async () => {
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    // With context isolation the page cannot reach the preload's ipcRenderer.
    expect(await page.evaluate(() => typeof (globalThis as { ipcRenderer?: unknown }).ipcRenderer)).toBe('undefined');
    expect(await page.evaluate(() => Object.isFrozen((window as unknown as { dejavu: object }).dejavu))).toBe(true);
  });

  it('answers the contract over IPC through the preload bridge', async () => {
    const status = await page.evaluate(() => (window as unknown as { dejavu: { invoke: Record<string, (r: unknown) => Promise<unknown>> } }).dejavu.invoke['dejavu:status']({}));
    expect(status).toMatchObject({ ok: true, value: { stats: { conversations: expect.any(Number) } } });
  });

  it('exports the open thread from the File menu through the save dialog', async () => {
    await page.getByRole('treeitem').first().click();
    const target = path.join(work, 'exported.md');
    await app.evaluate(({ dialog }, file) => {
      dialog.showSaveDialog = (async () => ({ canceled: false, filePath: file })) as typeof dialog.showSaveDialog;
    }, target);
    await app.evaluate(({ Menu }) => {
      const item = Menu.getApplicationMenu()?.items.flatMap((m) => m.submenu?.items ?? []).find((i) => i.label.startsWith('Export Thread'));
      item?.click();
    });
    await expect.poll(() => {
      try {
        return readFileSync(target, 'utf8').length;
      } catch {
        return 0;
      }
    }, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(readFileSync(target, 'utf8')).toMatch(/^# /);
  });

  it('syncs on request, as the tray’s Sync Now does', async () => {
    const outcome = await page.evaluate(() => (window as unknown as { dejavu: { invoke: Record<string, (r: unknown) => Promise<unknown>> } }).dejavu.invoke['dejavu:sync']({}));
    expect(outcome).toMatchObject({ ok: true });
  });
});
