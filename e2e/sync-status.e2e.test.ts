/**
 * The status bar while the app works: a first sync of a real home says how far it is (files, MB,
 * conversations) and lists conversations before it ends; work that fails in the background
 * (live capture of a file it cannot read) is said there, as text, until dismissed.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { buildFakeHome } from '../test/home';
import { CLAUDE_FIXTURE } from '../test/live-home';
import { type App, startApp } from './harness';
import { StatusBarPage } from './pages/status-bar-page';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-sync-status-'));
const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  rmSync(work, { recursive: true, force: true });
});

describe('status bar', () => {
  it('shows a first sync’s files, MB and conversations, and lists conversations before it ends', async () => {
    const home = buildFakeHome(path.join(work, 'home'));
    const app = await startApp({ importPaths: [], env: { HOME: home.dir } });
    apps.push(app);
    const bar = new StatusBarPage(app.page);
    expect(await app.page.locator('#root').getAttribute('data-app-state')).toBe('empty');
    await bar.recordActivity();
    await bar.syncButton.click();
    await expect.poll(() => bar.activity().textContent(), { timeout: 60_000 }).toMatch(/^Synced just now · \d+ new, 0 updated$/);

    const files = home.files.length;
    const mb = Math.round(home.files.reduce((n, f) => n + statSync(f.path).size, 0) / (1024 * 1024));
    const seen = await bar.recorded();
    const syncing = seen.filter((s) => s.text.startsWith('Syncing '));
    expect(syncing.length, JSON.stringify(seen)).toBeGreaterThan(1);
    for (const s of syncing) expect(s.text).toMatch(new RegExp(`^Syncing \\d+/${files} files · \\d+/${mb} MB · \\d+ conversations?( · \\d+ to index)?$`));
    // Counts that grow as files are read and conversations stored.
    const counted = syncing.map((s) => Number(/(\d+) conversations?/.exec(s.text)![1]));
    expect(Math.max(...counted)).toBeGreaterThan(0);
    // The first commit's conversations were listed while the sync still ran.
    expect(seen.some((s) => s.state === 'ready' && s.text.startsWith('Syncing ')), JSON.stringify(seen)).toBe(true);

    const created = Number(/· (\d+) new/.exec((await bar.activity().textContent())!)![1]);
    const stats = JSON.parse(dejavu(['stats', '--json'], app.env).stdout) as { conversations: number };
    expect(created).toBe(stats.conversations);
    await app.page.getByRole('tree').getByRole('treeitem').first().waitFor();
  }, 120_000);

  it('says a background failure as text, keeps the earlier ones a click away, and dismisses them', async () => {
    const home = path.join(work, 'live-home');
    // A project folder whose name is markup: shown as the characters it is.
    const project = path.join(home, '.claude', 'projects', '-work-<img src=x onerror=alert(1)>');
    mkdirSync(project, { recursive: true });
    const sessions = ['one.jsonl', 'two.jsonl'].map((name) => path.join(project, name));
    for (const s of sessions) copyFileSync(CLAUDE_FIXTURE, s);
    // Synced at start, then watched live.
    const app = await startApp({ importPaths: [], env: { HOME: home }, serveArgs: [] });
    apps.push(app);
    const bar = new StatusBarPage(app.page);
    await expect.poll(() => bar.activity().textContent(), { timeout: 30_000 }).toMatch(/^Synced just now/);

    // Each session file turns into a folder: live capture cannot read it.
    for (const s of sessions) {
      rmSync(s);
      mkdirSync(s);
      await expect.poll(() => bar.failure().textContent(), { timeout: 20_000 }).toBe(`Live capture failed: ${s}: EISDIR: illegal operation on a directory, read`);
    }
    expect(await bar.bar.locator('img').count()).toBe(0);
    await bar.earlierButton().click();
    expect(await bar.earlierList().getByRole('listitem').allTextContents()).toEqual([expect.stringContaining(`Live capture failed: ${sessions[0]}: EISDIR`)]);
    await bar.dismissButton().click();
    expect(await bar.failure().count()).toBe(0);
    expect(await bar.earlierList().count()).toBe(0);
  }, 120_000);
});
