/**
 * First run in the browser view: an empty archive says how to fill it with what this view has
 * (no tray here), and after a sync that found nothing it says what was read.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, startApp } from './harness';

let app: App;

beforeAll(async () => {
  // Sync reads only this empty folder, never the machine's own agent folders.
  const empty = mkdtempSync(path.join(os.tmpdir(), 'dejavu-empty-home-'));
  app = await startApp({ importPaths: [], serveArgs: ['--no-sync', '--source', empty] });
}, 120_000);
afterAll(() => app?.close());

describe('first run', () => {
  it('points to the Sync button and the agents’ folders, never to a tray the browser has not', async () => {
    const view = app.page.getByRole('heading', { name: 'No conversations yet' }).locator('..');
    await view.waitFor();
    const text = await view.textContent();
    expect(text).toContain('Press Sync below');
    expect(text).toContain('~/.claude/projects');
    expect(text).not.toMatch(/tray/i);
  });

  it('says what the last sync read when it found nothing', async () => {
    await app.page.getByRole('button', { name: 'Sync', exact: true }).click();
    await expect.poll(() => app.page.getByTestId('first-run-last-sync').textContent(), { timeout: 20_000 }).toMatch(/^The last sync read 0 files and found no conversation to archive/);
  });
});
