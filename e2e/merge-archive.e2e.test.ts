/**
 * Settings → Storage merges another machine's archive in the browser build: a file written by
 * the real `dejavu export-archive` from another archive, typed as a path; its conversations
 * are archived under that machine's name. A path that is no archive says so.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { MergePanel } from './pages/merge-panel';
import { SettingsPage } from './pages/settings-page';

const OTHER = path.join(FIXTURES_DIR, 'factory-droid');
let app: App;
let exported: string;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-merge-e2e-'));
  const laptop = path.join(dir, 'laptop');
  exported = path.join(dir, 'laptop.tar');
  for (const args of [['import', OTHER], ['export-archive', '-o', exported]]) {
    const r = dejavu(['--archive', laptop, ...args], { DEJAVU_MACHINE_NAME: 'laptop' });
    if (r.code !== 0) throw new Error(`dejavu ${args[0]} failed: ${r.stderr}`);
  }
  app = await startApp({ importPaths: [path.join(FIXTURES_DIR, 'cursor-cli')] });
});

afterAll(async () => {
  await app?.close();
});

describe('Merge an archive on the Storage page', () => {
  it('merges a typed path and shows what it did, under the other machine’s name', async () => {
    await new SettingsPage(app.page).open();
    const panel = new MergePanel(app.page);
    await panel.merge(path.join(path.dirname(exported), 'nothing-here'));
    await panel.error().waitFor();
    expect(await panel.error().textContent()).toContain('nothing to merge at');

    await panel.merge(exported);
    await panel.result().waitFor();
    expect(await panel.result().textContent()).toBe('Merged from laptop: 2 conversation(s), 2 new, 0 updated, 0 already here.');
    const listed = JSON.parse(dejavu(['list', '--json', '--agent', 'factory-droid'], app.env).stdout) as { instance: string }[];
    expect(listed.map((c) => c.instance)).toEqual(['laptop', 'laptop']);

    await panel.merge(exported);
    await app.page.getByText('Merged from laptop: 2 conversation(s), 0 new, 0 updated, 2 already here.').waitFor();
  });

  it('shows the space per agent, with the merged agent in it, and what the archive kept', async () => {
    const view = app.page.getByTestId('space-by-place');
    expect(await view.getByTestId('kept-after-deleted').textContent()).toBe('Kept after the agent deleted it: none yet (every archived conversation still exists in its agent’s files).');
    await view.getByRole('button', { name: 'Show space per workspace and agent' }).click();
    const agents = view.getByRole('table', { name: 'Space per agent' }).locator('tbody tr');
    await agents.first().waitFor();
    expect(await agents.count()).toBe(2); // Cursor, imported; Factory Droid, merged
  });
});
