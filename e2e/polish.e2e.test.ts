/**
 * Small things a person notices: titles without Markdown markers, a header that folds while
 * reading, "1 subagent", copy buttons, an image opened larger, the JSON export as a real button, and no shortcut promised that the
 * browser does not have.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';
import { TreePage } from './pages/tree-page';

const BACKTICK_TITLE = 'claude-code_6af70815-f797-419c-b957-abbc09f18bb3'; // "…until I `kick th…"
const LONG = 'claude-code_6113e919-67d3-417b-b525-c63700228d19';
const PASTED_SCREENSHOT = 'claude-code_d161f8df-fbc0-4df3-8c31-ff512052f8b2';
const KIMI_PARENT = 'kimi-cli_d8447fa8-9d8e-41af-9fc6-a12e4a196b6c'; // one subagent
const KIMI = path.join(FIXTURES_DIR, 'kimi-cli', 'MoonshotAI__kimi-cli', 'outputs', 'scikit-learn__scikit-learn-26323', '20251030-165708');

let app: App;
let thread: ThreadPage;
let tree: TreePage;

beforeAll(async () => {
  app = await startApp({ importPaths: [path.join(FIXTURES_DIR, 'claude-code'), KIMI] });
  thread = new ThreadPage(app.page);
  tree = new TreePage(app.page);
}, 120_000);
afterAll(() => app?.close());

describe('polish', () => {
  it('shows titles without Markdown markers', async () => {
    await app.openConversation(BACKTICK_TITLE);
    expect(await thread.title.textContent()).toContain('until I kick th');
    expect(await tree.byId(BACKTICK_TITLE).first().locator('.conv-title').textContent()).not.toContain('`');
  });

  it('folds the header to its title while reading, and unfolds it at the top', async () => {
    await app.openConversation(LONG);
    const facts = thread.header.locator('.facts');
    await facts.waitFor();
    // Scrolled again on each try: the thread may still be growing (its messages load in pages) when first scrolled.
    await expect
      .poll(async () => {
        await thread.scroller.evaluate((el) => el.scrollTo(0, 2000));
        return facts.isVisible();
      })
      .toBe(false);
    expect(await thread.title.isVisible()).toBe(true);
    await thread.scroller.evaluate((el) => el.scrollTo(0, 0));
    await expect.poll(() => facts.isVisible()).toBe(true);
  });

  it('says "1 subagent" for one', async () => {
    await app.openConversation(KIMI_PARENT);
    const row = tree.byId(KIMI_PARENT).first();
    await expect.poll(() => row.locator('.conv-meta').textContent()).toContain('1 subagent');
    expect(await row.locator('.conv-meta').textContent()).not.toContain('1 subagents');
  });

  it('copies a code block and a message', async () => {
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    const kv = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7';
    await app.openConversation(kv);
    const bash = await thread.openToolCall(thread.toolCall('Bash').first());
    await bash.locator('.code-block').first().hover();
    await bash.getByRole('button', { name: 'Copy code' }).first().click();
    await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toBe('pip install grpcio==1.73.0 grpcio-tools==1.73.0 2>&1 | tail -5');
    const prompt = app.page.locator('.thread-list article.msg-user').first();
    await prompt.hover();
    await prompt.getByRole('button', { name: 'Copy message' }).click();
    await expect.poll(() => app.page.evaluate(() => navigator.clipboard.readText())).toMatch(/^You need to build a simple KV store server using grpc/);
  });

  it('opens an attached image at full size, and Escape closes it', async () => {
    // A real pasted screenshot (411×753 PNG) in the prompt of the PackmindHub fixture.
    await app.openConversation(PASTED_SCREENSHOT);
    const open = app.page.getByRole('button', { name: 'Open image larger' }).first();
    await open.waitFor();
    const thumb = open.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(411);
    expect((await thumb.boundingBox())!.height).toBeLessThanOrEqual(520);
    const dialog = app.page.getByRole('dialog', { name: 'Image' });
    expect(await dialog.isVisible()).toBe(false);
    await open.click();
    await dialog.waitFor();
    // Its content box (the thumbnail's border aside) is the image's own size.
    expect(await dialog.locator('img').evaluate((img) => [img.clientWidth, img.clientHeight])).toEqual([411, 753]);
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('styles the JSON export as a button and promises no desktop-only shortcut in the browser', async () => {
    const json = app.page.getByRole('button', { name: 'Export JSON' });
    const border = await json.evaluate((el) => getComputedStyle(el).borderTopColor);
    const md = await thread.exportButton().evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(border).toBe(md);
    expect(await thread.exportButton().getAttribute('title')).not.toMatch(/Ctrl|⌘/);
  });
});
