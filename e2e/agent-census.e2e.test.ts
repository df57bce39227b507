/**
 * Settings → Agents, served by `dejavu serve` over a temporary HOME laid out as Claude Code writes
 * it (real fixtures, synced) plus one transcript where no provider looks: the panel counts the
 * agent's session files and archived sessions, and names the file nothing reads, in red; once
 * the file is gone, the next sync's end brings the census up to date.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu, dejavuJson } from '../test/cli';
import { layOut } from '../test/home-layout';
import { readProvenance } from '../test/provenance';
import { type App, startApp } from './harness';
import { SettingsPage } from './pages/settings-page';

let app: App;
const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-census-home-'));
const claude = readProvenance().filter((r) => r.agentSection === 'claude-code' && ['c9/883595c929', '4c/02af2759b6'].some((c) => r.file.includes(c)));
const stray = path.join(home, '.claude', 'projects', '-home-me-p1', 'drafts', 'stray-session.jsonl');
let archived = 0;

beforeAll(async () => {
  layOut(home, claude);
  mkdirSync(path.dirname(stray), { recursive: true });
  copyFileSync(claude[0].absPath, stray);
  app = await startApp({
    importPaths: [],
    env: { HOME: home, USERPROFILE: home },
    prepare: (env) => {
      expect(dejavu(['sync', '--no-evict'], env).code).toBe(0);
      archived = dejavuJson<unknown[]>(['list'], env).length;
    },
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('Settings → Agents', () => {
  it('counts what the home holds and names the session file nothing reads', async () => {
    const settings = new SettingsPage(app.page);
    await settings.open();
    const census = settings.census();
    await census.getByRole('table', { name: 'Agents found' }).waitFor({ timeout: 20_000 });
    expect(await census.getByRole('alert').textContent()).toBe('1 session file(s) in Claude Code home(s) are read by nothing: they are not being archived.');
    const cells = await census.getByRole('row', { name: /Claude Code/ }).getByRole('cell').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['1', String(claude.length), String(archived)]);
    expect(cells[3]).toBe('2.1.4, 2.0.74');
    expect(await census.getByRole('group', { name: 'Claude Code findings' }).textContent()).toContain(`Session file nothing reads: ${stray}`);
  });

  it('looks again after a sync', async () => {
    rmSync(stray);
    await app.page.getByRole('button', { name: 'Sync', exact: true }).click();
    const census = new SettingsPage(app.page).census();
    await census.getByText('Every session file in the agent homes is read.').waitFor({ timeout: 20_000 });
    expect(await census.getByRole('alert').count()).toBe(0);
  });
});
