/**
 * The app in real Chromium against `dejavu serve` over a real archive of the Claude Code and
 * Codex fixtures: tree, thread, parts, search, export; screenshots for the README.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { REPO_ROOT } from '../test/fixtures';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';
import { ThreadPage } from './pages/thread-page';
import { TreePage } from './pages/tree-page';

// Conversations from the fixtures, by what they show.
const KV = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7'; // Bash calls, a visible thinking block
const EDIT = { id: 'claude-code_be80e9bc-44fd-4e97-abd0-5d14c5d3e626', index: 57 }; // Claude Edit
const PATCH = { id: 'codex_019ed836-b1da-78f1-8a0c-e598363d10f4', index: 33 }; // Codex apply_patch
const SHOTS = path.join(REPO_ROOT, 'docs', 'screenshots');

let app: App;
let tree: TreePage;
let thread: ThreadPage;
let search: SearchPage;

beforeAll(async () => {
  app = await startApp();
  tree = new TreePage(app.page);
  thread = new ThreadPage(app.page);
  search = new SearchPage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('the tree', () => {
  it('shows workspaces with counts and opens the newest day', async () => {
    const items = tree.items();
    expect(await items.count()).toBeGreaterThan(5);
    const first = items.first();
    expect(await first.getAttribute('aria-level')).toBe('1');
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    expect(await first.locator('.tree-count').textContent()).toMatch(/^\d+$/);
    // The newest day's conversations are a request of their own, asked once the tree is drawn.
    await expect.poll(() => tree.conversations().count()).toBeGreaterThan(0);
  });

  it('moves, expands, collapses and opens with the keyboard', async () => {
    const page = app.page;
    await tree.items().first().focus();
    await page.keyboard.press('End');
    await expect.poll(() => tree.items().last().evaluate((el) => el === document.activeElement)).toBe(true);
    const last = tree.tree.locator(`[data-key="${await tree.items().last().getAttribute('data-key')}"]`);
    expect(await last.getAttribute('aria-expanded')).toBe('false');
    const before = await tree.items().count();
    await page.keyboard.press('ArrowRight'); // expand the last workspace
    await expect.poll(() => last.getAttribute('aria-expanded')).toBe('true');
    expect(await tree.items().count()).toBeGreaterThan(before);
    await page.keyboard.press('ArrowLeft'); // collapse it again
    await expect.poll(() => last.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Home');
    await expect.poll(() => tree.items().first().evaluate((el) => el === document.activeElement)).toBe(true);
    // Down to the first conversation (workspace → date → conversation), then Enter.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => tree.focused().getAttribute('data-kind')).toBe('date');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => tree.focused().getAttribute('data-kind')).toBe('conversation');
    const key = await tree.focused().getAttribute('data-key');
    await page.keyboard.press('Enter');
    await expect.poll(() => tree.tree.locator(`[data-key="${key}"]`).getAttribute('aria-selected')).toBe('true');
    await thread.header.waitFor();
    // Left from a conversation goes to its parent (the date).
    await tree.tree.locator(`[data-key="${key}"]`).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tree.focused().getAttribute('data-kind')).toBe('date');
  });

  it('expands and opens with the mouse', async () => {
    const node = tree.node('agentv');
    if ((await node.getAttribute('aria-expanded')) === 'true') await node.click();
    await node.click();
    await expect.poll(() => node.getAttribute('aria-expanded')).toBe('true');
    const day = tree.node('Thu, Jun 18, 2026');
    await day.click();
    const conv = tree.conversation('remove agentv-claude-trace plugin');
    await conv.waitFor();
    expect(await conv.textContent()).toMatch(/Codex CLI.*56 msgs/);
    await conv.click();
    await thread.title.filter({ hasText: 'remove agentv-claude-trace plugin' }).waitFor();
    expect(await conv.getAttribute('aria-selected')).toBe('true');
  });

  it('filters by agent', async () => {
    await tree.filterAgent('codex');
    await expect.poll(async () => (await tree.conversations().allTextContents()).length).toBeGreaterThan(0);
    for (const text of await tree.conversations().allTextContents()) expect(text).toContain('Codex CLI');
    await tree.filterAgent('');
  });
});

describe('the thread', () => {
  it('opens with the header, the resume command and the first page of messages', async () => {
    await app.openConversation(KV);
    expect(await thread.title.textContent()).toContain('KV store server');
    const header = await thread.header.textContent();
    expect(header).toContain('Claude Code');
    expect(header).toContain('claude --resume 98ce4f1c-b235-4b7d-bc96-d6e13dba30d7');
    expect(header).toMatch(/Tokens/i);
    await thread.message(0).waitFor();
    await app.page.getByRole('button', { name: 'Copy resume command' }).waitFor();
  });

  it('highlights a tool call with shiki', async () => {
    const bash = await thread.openToolCall(thread.toolCall('Bash').first());
    await bash.locator('.code-block[data-highlighted="true"]').first().waitFor({ timeout: 10_000 });
    expect(await bash.locator('span.tok').count()).toBeGreaterThan(1);
    // Colours come through the CSSOM (CSS variables), never inline HTML.
    expect(await bash.locator('span.tok').first().evaluate((el) => getComputedStyle(el).color)).toMatch(/^rgb/);
  });

  it('keeps thinking collapsed until asked', async () => {
    const thinking = thread.thinking().first();
    await thinking.waitFor();
    expect(await thinking.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await thinking.locator('summary').click();
    expect(await thinking.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    expect((await thinking.locator('.thinking-body').textContent())?.length).toBeGreaterThan(10);
  });

  it('collapses injected system context into one line', async () => {
    const row = app.page.locator('.msg-system.msg-collapsed').first();
    await row.waitFor();
    const button = row.getByRole('button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.textContent()).toContain('Injected context');
  });

  it('renders a Claude Edit as a diff', async () => {
    await app.openConversation(EDIT.id, EDIT.index);
    await thread.openToolCall(thread.message(EDIT.index).locator('[data-tool="Edit"]').first());
    const diff = thread.message(EDIT.index).locator('[data-tool="Edit"] [data-testid="diff-view"]').first();
    await diff.waitFor();
    expect(await diff.locator('.diff-add').count()).toBeGreaterThan(0);
    expect(await diff.locator('.diff-head').textContent()).toMatch(/\//);
  });

  it('renders a Codex apply_patch as a diff', async () => {
    await app.openConversation(PATCH.id, PATCH.index);
    const call = await thread.openToolCall(thread.message(PATCH.index).locator('[data-tool="apply_patch"]'));
    const diffs = call.locator('[data-testid="diff-view"]');
    expect(await diffs.count()).toBeGreaterThan(1);
    expect(await call.locator('.diff-del, .diff-add').count()).toBeGreaterThan(0);
    expect(await call.textContent()).toContain('marketplace.json');
    // The patch's result is shown with its call, not as a row of its own.
    expect(await call.locator('.tool-result').count()).toBe(1);
  });

  it('pages and virtualizes a long conversation', async () => {
    const long = dejavu(['list', '--json'], app.env);
    const rows = JSON.parse(long.stdout) as { id: string; messageCount: number }[];
    const biggest = rows.sort((a, b) => b.messageCount - a.messageCount)[0];
    expect(biggest.messageCount).toBeGreaterThan(400);
    await app.openConversation(biggest.id);
    await thread.message(0).waitFor();
    const rendered = await app.page.locator('[data-message-index]').count();
    expect(rendered).toBeLessThan(80);
    // Far down the list: the page holding it is fetched as it scrolls into view.
    const total = Number((await app.page.getByRole('feed').getAttribute('aria-label'))?.split(' ')[0]);
    expect(total).toBeGreaterThan(400);
    const lastRow = app.page.locator(`.row[data-index="${total - 1}"]`);
    await expect
      .poll(
        async () => {
          await thread.scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          return (await lastRow.count()) === 1 && (await lastRow.locator('.msg-placeholder').count()) === 0;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await app.page.locator('.thread-list [data-message-index]').count()).toBeLessThan(80);
  });
});

describe('search', () => {
  it('finds, highlights, and jumps to the message', async () => {
    await app.page.keyboard.press('Control+K');
    expect(await search.box.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.search('marketplace');
    expect(await app.page.locator('.hits mark').first().textContent()).toMatch(/marketplace/i);
    const hits = await search.results().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-hit-message'))));
    const deep = hits.findIndex((i) => i > 60);
    expect(deep).toBeGreaterThanOrEqual(0);
    const index = hits[deep];
    await search.results().nth(deep).click();
    const target = thread.message(index);
    await target.waitFor({ timeout: 10_000 });
    await expect.poll(() => thread.inView(target), { timeout: 5_000 }).toBe(true);
    expect(await target.evaluate((el) => el.classList.contains('msg-highlight') || Boolean(el.closest('.row')))).toBe(true);
    await search.clear();
    await tree.tree.waitFor();
  });

  it('searches tool output only when asked', async () => {
    // Only Codex's command output says this.
    await search.box.fill('"Original token count"');
    await app.page.getByRole('heading', { name: 'No matches' }).waitFor();
    await search.includeToolOutput().check();
    await search.results().first().waitFor();
    expect(await search.results().first().locator('.hit-role').textContent()).toContain('tool');
    await search.includeToolOutput().uncheck();
    await search.clear();
  });
});

describe('export', () => {
  it('downloads the same Markdown as `dejavu export`', async () => {
    await app.openConversation(KV);
    const [download] = await Promise.all([app.page.waitForEvent('download'), thread.exportButton().click()]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}_.+\.md$/);
    const file = await download.path();
    const content = readFileSync(file, 'utf8');
    const cli = dejavu(['export', KV, '-o', '-'], app.env);
    expect(cli.code).toBe(0);
    expect(content).toBe(cli.stdout);
  });
});

describe('the page', () => {
  it('reported no Content-Security-Policy violation', async () => {
    expect(await app.cspViolations()).toEqual([]);
  });

  it('saves screenshots of the main views', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const page = app.page;
    // Let scrolling settle and drop the jump highlight, so the pictures show the steady state.
    const settle = async () => {
      await page.waitForTimeout(700);
      await page.evaluate(() => document.querySelectorAll('.msg-highlight').forEach((el) => el.classList.remove('msg-highlight')));
    };
    await app.openConversation(EDIT.id, EDIT.index);
    await thread.openToolCall(thread.message(EDIT.index).locator('[data-tool="Edit"]').first());
    await thread.message(EDIT.index).locator('[data-testid="diff-view"][data-highlighted="true"]').first().waitFor({ timeout: 10_000 });
    await settle();
    await page.screenshot({ path: path.join(SHOTS, 'thread-diff.png') });

    await app.openConversation(KV);
    await thread.openToolCall(thread.toolCall('Bash').first());
    await thread.toolCall('Bash').first().locator('.code-block[data-highlighted="true"]').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'thread.png') });

    await search.search('marketplace');
    await page.screenshot({ path: path.join(SHOTS, 'search.png') });
    await search.clear();

    await page.emulateMedia({ colorScheme: 'dark' });
    await app.openConversation('codex_019f03e0-321f-7eb2-83cc-b54ecd71be23', 476);
    await settle();
    await page.screenshot({ path: path.join(SHOTS, 'dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
