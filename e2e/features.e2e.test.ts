/**
 * What the contract gained since the first UI, in real Chromium against `dejavu serve` over a
 * real archive of the fixtures: pinning, subagents (nested and linked both ways), the
 * `#/conversation/<id>` route, the search syntax help, and Settings → Storage (settings saved
 * and read back after a reload, an eviction preview with the saved values and with the values
 * typed in the form).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freedSummary } from '../shared/eviction-text';
import type { EvictionReport } from '../shared/retention';
import { bytes } from '../renderer/src/lib/format';
import { dejavu, dejavuJson } from '../test/cli';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';
import { SettingsPage } from './pages/settings-page';
import { ThreadPage } from './pages/thread-page';
import { TreePage } from './pages/tree-page';

const KV = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7';
// d-kimuson's Claude Code session: five in-file sidechains (subagents), some on other workspaces.
const PARENT = 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b';
const CHILD_ELSEWHERE = `${PARENT}.sidechain-60dade70-20bb-4edb-9dad-9f08267e0cc2`; // worked in another folder ("types"), filed under its parent's workspace

let app: App;
let tree: TreePage;
let thread: ThreadPage;
let search: SearchPage;
let settings: SettingsPage;

beforeAll(async () => {
  app = await startApp();
  tree = new TreePage(app.page);
  thread = new ThreadPage(app.page);
  search = new SearchPage(app.page);
  settings = new SettingsPage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('pinning', () => {
  it('pins from the thread header: the icon shows in the tree and the archive reports it', async () => {
    await app.openConversation(KV);
    const pin = thread.pinButton();
    expect(await pin.textContent()).toContain('Pin');
    expect(await pin.getAttribute('title')).toMatch(/never evicted/);
    await pin.click();
    await expect.poll(() => pin.getAttribute('aria-pressed')).toBe('true');
    expect(await pin.textContent()).toContain('Unpin');
    expect(await pin.getAttribute('title')).toMatch(/never touches/);
    await tree.byId(KV).first().getByTestId('pin-icon').waitFor();

    const listed = dejavuJson<{ id: string; pinned?: boolean }[]>(['list'], app.env);
    expect(listed.find((c) => c.id === KV)?.pinned).toBe(true);

    // Search hits carry the mark too.
    await search.search('"KV store"');
    await search.group(KV).filter({ has: app.page.getByTestId('pin-icon') }).waitFor();
    await search.clear();
  });
});

describe('subagents', () => {
  it('lists the subagents in the parent’s header; each opens and links back', async () => {
    await app.openConversation(PARENT);
    // Five subagents stay one folded line: the header does not grow with them.
    const folded = thread.header.locator('details.subagents');
    await folded.waitFor();
    expect(await folded.getAttribute('open')).toBeNull();
    expect(await folded.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(40);
    await thread.showSubagents();
    const subs = thread.subagents();
    await subs.first().waitFor();
    expect(await subs.count()).toBe(5);
    await thread.header.locator(`[data-subagent-id="${CHILD_ELSEWHERE}"]`).click();
    await app.page.waitForSelector(`header[data-conversation-id="${CHILD_ELSEWHERE}"]`);
    expect(await thread.header.textContent()).toContain('types'); // another workspace than its parent's
    expect(await thread.parentLink().textContent()).toContain('Thanks! Please update CLAUDE.md');
    await thread.parentLink().click();
    await app.page.waitForSelector(`header[data-conversation-id="${PARENT}"]`);
  });

  it('nests subagents under their parent in the tree, even one that worked in another folder', async () => {
    const parentRow = tree.byId(PARENT).first();
    await parentRow.waitFor();
    await expect.poll(() => parentRow.getAttribute('aria-expanded')).not.toBeNull();
    expect(await parentRow.textContent()).toContain('5 subagents');
    if ((await parentRow.getAttribute('aria-expanded')) !== 'true') await parentRow.locator('.tree-chevron').click();
    // The child that worked in the folder "types" is filed under its parent's workspace, one level below its parent.
    const level = Number(await parentRow.getAttribute('aria-level'));
    const rows = tree.byId(CHILD_ELSEWHERE);
    const nestedAt = async () => (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-level')))).findIndex((l) => Number(l) === level + 1);
    await expect.poll(nestedAt).toBeGreaterThanOrEqual(0);
    const nested = rows.nth(await nestedAt());
    await nested.click();
    await app.page.waitForSelector(`header[data-conversation-id="${CHILD_ELSEWHERE}"]`);
  });
});

describe('addresses', () => {
  it('opens #/conversation/<id>, the route `dejavu open` prints', async () => {
    const printed = dejavuJson<{ id: string; route: string }>(['open', KV], app.env);
    expect(printed.route).toBe(`#/conversation/${KV}`);
    await app.page.goto(`${app.origin}/${printed.route}`);
    await app.page.waitForSelector(`header[data-conversation-id="${KV}"]`, { timeout: 20_000 });
    expect(await thread.title.textContent()).toContain('KV store server');
    // The address becomes the app's own form, so reload and back keep working.
    expect(new URL(app.page.url()).hash).toBe(`#c=${KV}`);
  });
});

describe('search syntax help', () => {
  it('lists the query language and tries an example', async () => {
    const help = app.page.getByRole('button', { name: 'Search syntax' });
    await help.click();
    const dialog = app.page.getByRole('dialog', { name: 'Search syntax' });
    await dialog.waitFor();
    const text = await dialog.textContent();
    for (const key of ['"connection refused"', '-staging', 'agent:codex', 'workspace:', 'after:7d', 'before:', 'role:user', 'tool:Bash', 'in:tools']) expect(text).toContain(key);
    await dialog.getByRole('button', { name: 'role:user' }).click();
    expect(await dialog.count()).toBe(0);
    expect(await search.box.inputValue()).toBe('role:user');
    await search.results().first().waitFor();
    for (const role of (await search.results().locator('.hit-role').allTextContents()).slice(0, 20)) expect(role).toMatch(/^user/);
    // The dropdowns and the checkbox still narrow the query.
    await app.page.getByRole('combobox', { name: 'Filter by agent' }).selectOption('codex');
    await expect.poll(async () => (await search.groups().locator('.agent-badge').allTextContents()).every((t) => t === 'Codex CLI')).toBe(true);
    await app.page.getByRole('combobox', { name: 'Filter by agent' }).selectOption('');
    await search.clear();
    // Escape closes the popover.
    await help.click();
    await dialog.waitFor();
    await dialog.getByRole('button').first().focus();
    await app.page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(0);
  });
});

describe('settings → storage', () => {
  it('shows the real retention data', async () => {
    await settings.open();
    const stats = dejavuJson<{ conversations: number }>(['stats'], app.env);
    expect(await settings.meter().getAttribute('aria-valuetext')).toMatch(/of 5\.0 GB hard cap \(soft cap 2\.0 GB\)/);
    expect(await settings.stageCount('whole').textContent()).toBe(String(stats.conversations));
    expect(await settings.stageCount('pinned').textContent()).toBe('1');
    expect(await settings.field('Soft cap').inputValue()).toBe('2 GB');
    expect(await settings.view.textContent()).toContain('Nothing has been evicted yet.');
  });

  it('checks the form before saving', async () => {
    await settings.field('Hard cap').fill('1 GB');
    await settings.save().click();
    await settings.view.getByText('The hard cap cannot be below the soft cap.').waitFor();
    expect(await settings.field('Hard cap').getAttribute('aria-invalid')).toBe('true');
    await settings.field('Hard cap').fill('5 GB');
    expect(await settings.save().isDisabled()).toBe(true); // nothing changed any more
  });

  it('saves a setting, which a reload (and the CLI) reads back', async () => {
    await settings.field('Soft cap').fill('1.5 GB');
    await settings.field('Maximum age of raw bulk (days)').fill('1');
    await settings.save().click();
    await settings.view.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const cli = dejavuJson<{ softCapBytes: number; maxAgeDays: number | null }>(['settings'], app.env);
    expect(cli).toMatchObject({ softCapBytes: 1.5 * 1024 ** 3, maxAgeDays: 1 });
    await app.page.reload();
    await app.page.waitForSelector('#root[data-app-state="ready"]');
    await settings.open();
    await expect.poll(() => settings.field('Soft cap').inputValue()).toBe('1.5 GB');
    expect(await settings.field('Maximum age of raw bulk (days)').inputValue()).toBe('1');
  });

  it('previews an eviction with the saved budget: under the soft cap nothing ages out', async () => {
    // Every fixture has been idle for more than the saved maximum age of a day, but the archive is
    // far under its 1.5 GB soft cap: an archive outlives the agent, nothing goes.
    await settings.view.getByRole('button', { name: 'Preview eviction' }).click();
    const preview = settings.preview();
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/^Preview: .* nothing would go: the archive fits its budget\./);
  });

  it('previews with the values typed in the form, unsaved, by stage, with figures that add up, and changes nothing', async () => {
    await settings.field('Soft cap').fill('1 MB');
    await expect.poll(() => settings.view.textContent()).toContain('The preview uses the values in the form above, not saved yet');
    await settings.view.getByRole('button', { name: 'Preview eviction' }).click();
    const preview = settings.preview();
    await preview.getByText(/^Preview with the unsaved values:/).waitFor();
    // The same plan as the CLI's with the same override, in the same words.
    const plan = dejavuJson<EvictionReport>(['evict', '--dry-run', '--soft-cap', '1MiB'], app.env);
    expect(plan.bytesFreed).toBe(plan.archiveBytesBefore - plan.archiveBytesAfter);
    expect(await preview.locator('p').first().textContent()).toBe(`Preview with the unsaved values: ${bytes(plan.archiveBytesBefore)} → ${bytes(plan.archiveBytesAfter)} (estimated) · ${freedSummary(plan, bytes)}`);
    // Over the typed soft cap, what is idle past the saved maximum age goes first.
    const items = preview.locator('[data-step-action="stage-1"]');
    expect(await items.count()).toBe(plan.steps.filter((s) => s.action === 'stage-1').length);
    expect(await items.first().textContent()).toMatch(/idle longer than the maximum age · [\d.]+ (B|KB|MB)/);
    // The pinned conversation is never planned.
    expect(await preview.locator('button[title="' + KV + '"]').count()).toBe(0);
    // Nothing was saved or evicted.
    expect(dejavuJson<{ softCapBytes: number }>(['settings'], app.env).softCapBytes).toBe(1.5 * 1024 ** 3);
    const after = dejavu(['stats', '--json'], app.env);
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout).ledger.stage1).toBe(0);
    await settings.view.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => settings.view.textContent()).toContain('The preview uses the saved budget, as Evict now does.');
  });

  it('closes with Escape', async () => {
    await settings.view.getByRole('heading', { name: 'Storage' }).focus();
    await app.page.keyboard.press('Escape');
    await expect.poll(() => settings.view.count()).toBe(0);
    // Focus goes back to the gear on the next frame.
    await expect.poll(() => settings.gear.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
