/**
 * An archive the real CLI has evicted before the app starts: one conversation pinned (whole),
 * one trimmed (stage 1), the rest down to their digest (stage 2). The app marks them in the
 * tree, explains in each thread what was dropped and what is kept, and shows the ledger; the
 * Storage screenshot for the README is taken here.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { REPO_ROOT } from '../test/fixtures';
import { type App, startApp } from './harness';
import { SettingsPage } from './pages/settings-page';
import { ThreadPage } from './pages/thread-page';
import { TreePage } from './pages/tree-page';

const KV = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7'; // pinned: whole
const TRIMMED = 'claude-code_be80e9bc-44fd-4e97-abd0-5d14c5d3e626'; // stage 1
const DIGEST = 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b'; // stage 2
const SHOTS = path.join(REPO_ROOT, 'docs', 'screenshots');

function run(args: string[], env: Record<string, string>): void {
  const r = dejavu(args, env);
  if (r.code !== 0) throw new Error(`dejavu ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
}

let app: App;
let tree: TreePage;
let thread: ThreadPage;
let settings: SettingsPage;

beforeAll(async () => {
  app = await startApp({
    prepare: (env) => {
      run(['pin', KV], env);
      run(['pin', TRIMMED], env);
      run(['evict', '--soft-cap', '1', '--hard-cap', '2', '--apply'], env); // all but the pinned: digest only
      run(['unpin', TRIMMED], env);
      run(['evict', '--soft-cap', '1', '--apply'], env); // default hard cap: TRIMMED loses only its raw bulk
    },
  });
  tree = new TreePage(app.page);
  thread = new ThreadPage(app.page);
  settings = new SettingsPage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('evicted conversations', () => {
  it('are marked in the tree', async () => {
    await app.openConversation(DIGEST);
    const row = tree.byId(DIGEST).first();
    await row.getByTestId('retention-chip').waitFor();
    expect(await row.getByTestId('retention-chip').textContent()).toBe('digest only');
    expect(await row.getAttribute('aria-label')).toContain('only its digest is kept');
  });

  it('a trimmed one says what was dropped, when, and that every prompt and answer is kept', async () => {
    await app.openConversation(TRIMMED);
    const banner = thread.retentionBanner();
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toMatch(/Raw records and large tool output were dropped to stay within your storage budget on .+\d.*; every prompt and answer is kept\./);
    expect(await banner.getAttribute('data-stage')).toBe('1');
    await thread.message(0).waitFor();
    expect(await app.page.locator('.msg-user').first().textContent()).toContain('help me');
  });

  it('a digest-only one says only the digest is kept, and still shows the prompts', async () => {
    await app.openConversation(DIGEST);
    const banner = thread.retentionBanner();
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Only the digest is kept: every prompt you typed and the last answer/);
    await thread.message(0).waitFor();
    await app.page.locator('.msg-user').filter({ hasText: 'Thanks! Please update CLAUDE.md for current changes' }).waitFor();
    expect(await app.page.locator('.msg-assistant').last().textContent()).toContain('CLAUDE.md has been created');
  });

  it('a pinned one is whole, with no banner', async () => {
    await app.openConversation(KV);
    expect(await thread.pinButton().getAttribute('aria-pressed')).toBe('true');
    expect(await thread.retentionBanner().count()).toBe(0);
  });
});

describe('the storage view', () => {
  it('counts the stages and lists the ledger', async () => {
    await settings.open();
    expect(await settings.stageCount('whole').textContent()).toBe('1');
    expect(await settings.stageCount('trimmed \\(raw bulk dropped\\)').textContent()).toBe('1');
    expect(Number(await settings.stageCount('digest only').textContent())).toBeGreaterThan(30);
    expect(await settings.stageCount('pinned').textContent()).toBe('1');
    const rows = settings.ledgerRows();
    expect(await rows.count()).toBeGreaterThan(10);
    // Newest first: TRIMMED's step, named by its title, with what, why and bytes.
    const first = await rows.first().textContent();
    expect(first).toContain('Raw records and large tool output dropped');
    expect(first).toContain('archive over the soft cap');
    expect(first).toMatch(/\d+(\.\d)? (B|KB|MB)$/);
    await rows.first().getByRole('button').click();
    await app.page.waitForSelector(`header[data-conversation-id="${TRIMMED}"]`);
  });

  it('evicts now only after a confirmation', async () => {
    await settings.open();
    await settings.view.getByRole('button', { name: 'Evict now' }).click();
    const confirm = settings.view.getByRole('alertdialog', { name: 'Evict now?' });
    await confirm.waitFor();
    // Escape cancels the confirmation, not the view.
    await app.page.keyboard.press('Escape');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.count()).toBe(0);
    await settings.view.getByRole('button', { name: 'Evict now' }).click();
    await confirm.getByRole('button', { name: 'Evict', exact: true }).click();
    const result = settings.view.getByTestId('eviction-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.textContent()).toMatch(/Done:.*nothing had to go/);
  });

  it('saves the Storage screenshot', async () => {
    await settings.view.getByRole('button', { name: 'Preview eviction' }).click();
    await settings.preview().waitFor();
    await settings.view.getByRole('heading', { name: 'Storage' }).focus();
    await app.page.screenshot({ path: path.join(SHOTS, 'settings.png') });
  });
});
