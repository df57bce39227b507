/**
 * First run with a fresh empty archive and a temporary HOME: after a sync that found nothing,
 * the screen names every agent, the folders it looked in under that home (saying which are not
 * there) and how many session files each held, and offers to add a folder kept elsewhere.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test/fixtures';
import { type App, startApp } from './harness';

let app: App;
const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-first-run-home-'));

beforeAll(async () => {
  // Claude Code's folder exists but holds no session; Codex's folder holds only a stray note.
  mkdirSync(path.join(home, '.claude', 'projects'), { recursive: true });
  mkdirSync(path.join(home, '.codex', 'sessions'), { recursive: true });
  writeFileSync(path.join(home, '.codex', 'sessions', 'notes.txt'), 'not a session');
  app = await startApp({ importPaths: [], serveArgs: ['--no-sync'], env: { HOME: home, USERPROFILE: home } });
}, 120_000);
afterAll(async () => {
  await app?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('first run: where the sync looked', () => {
  it('lists each agent’s folders under the home and what was found in them', async () => {
    await app.page.getByRole('button', { name: 'Sync', exact: true }).click();
    const looked = app.page.getByTestId('first-run-looked-in');
    await looked.waitFor({ timeout: 20_000 });
    expect(await looked.getByRole('heading').first().textContent()).toBe(`Looked in ${home}`);
    const claude = (await looked.locator('li[data-agent="claude-code"]').textContent()) ?? '';
    expect(claude).toContain('0 session files in .claude/projects,');
    expect(claude).not.toContain('.claude/projects (not there)');
    expect(claude).toContain('.config/claude/projects (not there)');
    expect(await looked.locator('li[data-agent="codex"]').textContent()).toMatch(/0 session files in \.codex\/sessions(?! \(not there\))/);
    expect(await looked.locator('li[data-agent="gemini-cli"]').textContent()).toContain('.gemini/tmp (not there)');
    expect(await looked.locator('li[data-agent="cline"]').textContent()).toMatch(/0 session files in \d+ places, none there/);
    expect(await looked.locator('li[data-agent="aider"]').textContent()).toContain('in the project folders under it');
    // A folder kept elsewhere is added from here, as `dejavu sync --source` would.
    expect(await app.page.getByRole('form', { name: 'Add a folder' }).textContent()).toContain('dejavu sync --source <folder>');
    expect(await app.page.locator('body').textContent()).not.toMatch(/tray/i);
    mkdirSync(path.join(REPO_ROOT, 'docs', 'screenshots'), { recursive: true });
    await app.page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'first-run.png'), fullPage: true });
  });
});
