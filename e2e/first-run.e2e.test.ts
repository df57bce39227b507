/**
 * First run in the browser view: an empty archive says how to fill it with what this view has
 * (no tray here), after a sync that found nothing it says what was read, and a folder kept
 * elsewhere is added by its path (what `dejavu sync --source` does), showing what it found.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { FirstRunPage } from './pages/first-run-page';

const SESSION = path.join(FIXTURES_DIR, 'claude-code', 'entireio__cli', 'entire_checkpoints_v1', 'c9', '883595c929', '0', 'full.jsonl');
let app: App;
const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-first-run-'));

beforeAll(async () => {
  // Sync reads only this empty folder, never the machine's own agent folders.
  const empty = path.join(work, 'empty-home');
  mkdirSync(empty);
  app = await startApp({ importPaths: [], serveArgs: ['--no-sync', '--source', empty] });
}, 120_000);
afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

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

  it('adds a folder kept elsewhere by its path, says what it found, and then shows the archive', async () => {
    const first = new FirstRunPage(app.page);
    await first.add(path.join(work, 'no-such-folder'));
    await first.error().waitFor();
    expect(await first.error().textContent()).toBe(`Could not add that folder: no folder at ${path.join(work, 'no-such-folder')}`);

    // A folder with no session in it: read, and said so; the archive stays empty.
    const notes = path.join(work, 'notes');
    mkdirSync(notes);
    writeFileSync(path.join(notes, 'todo.txt'), 'not a session');
    await first.add(notes);
    await expect.poll(() => first.result().textContent(), { timeout: 20_000 }).toBe(`Read 0 files in ${notes} and found no conversation to archive.`);
    expect(await first.view.isVisible()).toBe(true);

    // A copy of a real Claude Code session, outside any agent home: found by its content.
    const kept = path.join(work, 'old-laptop');
    mkdirSync(kept);
    copyFileSync(SESSION, path.join(kept, 'session.jsonl'));
    await first.add(kept);
    await app.page.locator('#root[data-app-state="ready"]').waitFor({ timeout: 20_000 });
    await app.page.getByRole('heading', { name: 'Your archive' }).waitFor();
    const recent = app.page.locator('ul.recent li');
    // The heading comes before the list's own query has answered: wait for its first row, then count.
    await recent.first().waitFor();
    expect(await recent.count()).toBe(1);
    expect(await recent.first().textContent()).toContain('Claude Code');
    await expect.poll(() => app.page.getByRole('contentinfo', { name: 'Archive status' }).getByRole('status').textContent()).toBe(`Synced ${kept} just now · 1 new, 0 updated`);
    const listed = JSON.parse(dejavu(['list', '--json'], app.env).stdout) as { id: string }[];
    expect(listed.map((c) => c.id)).toEqual(['claude-code_1b3e6441-62e3-4b41-8a0c-9d252f531f7a']);
  });
});
