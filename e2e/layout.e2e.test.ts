/** The layout holds up: the sidebar resizes and folds away, the text column widens on wide screens, and the app works at 1024×700 and at 200 % zoom. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';

const KV = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7';
let app: App;
let thread: ThreadPage;

beforeAll(async () => {
  app = await startApp({ viewport: { width: 1024, height: 700 } });
  thread = new ThreadPage(app.page);
}, 120_000);
afterAll(() => app?.close());

const sidebarWidth = () => app.page.getByRole('complementary', { name: 'Archive' }).evaluate((el) => el.getBoundingClientRect().width);

describe('layout', () => {
  it('resizes the sidebar by dragging or with the arrow keys on its edge, and remembers it', async () => {
    const before = await sidebarWidth();
    const splitter = app.page.getByRole('separator', { name: 'Resize the sidebar' });
    const box = (await splitter.boundingBox())!;
    await app.page.mouse.move(box.x + box.width / 2, box.y + 200);
    await app.page.mouse.down();
    await app.page.mouse.move(box.x + box.width / 2 + 120, box.y + 200, { steps: 4 });
    await app.page.mouse.up();
    await expect.poll(sidebarWidth).toBeGreaterThan(before + 100);
    await splitter.focus();
    await app.page.keyboard.press('ArrowLeft');
    const afterKey = await sidebarWidth();
    await app.page.reload();
    await app.page.waitForSelector('#root[data-app-state="ready"]');
    expect(Math.round(await sidebarWidth())).toBe(Math.round(afterKey));
  });

  it('folds the sidebar away and back, giving the thread the width', async () => {
    await app.openConversation(KV);
    const threadWidth = () => thread.scroller.evaluate((el) => el.getBoundingClientRect().width);
    const narrow = await threadWidth();
    await app.page.getByRole('button', { name: 'Hide the sidebar' }).click();
    await expect.poll(threadWidth).toBeGreaterThan(narrow + 150);
    await app.page.getByRole('button', { name: 'Show the sidebar' }).click();
    await app.page.getByRole('tree', { name: 'Conversations by workspace' }).waitFor();
  });

  it('gives the messages a wider column on a wide screen', async () => {
    await app.openConversation(KV);
    const column = () => thread.message(0).evaluate((el) => el.getBoundingClientRect().width);
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await thread.message(0).waitFor();
    const usual = await column();
    await app.page.setViewportSize({ width: 2200, height: 1100 });
    await expect.poll(column).toBeGreaterThan(usual + 150);
    await app.page.setViewportSize({ width: 1024, height: 700 });
  });

  it('keeps the thread readable at 200 % zoom in a 1024×700 window (512×350 CSS pixels)', async () => {
    await app.page.setViewportSize({ width: 512, height: 350 });
    await app.openConversation(KV);
    await thread.message(0).waitFor();
    // No sideways scrolling of the page, and the messages keep most of the height.
    const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await thread.scroller.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(175);
    expect(await thread.scroller.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(280);
    await app.page.setViewportSize({ width: 1024, height: 700 });
  });
});
