/**
 * Finding what was searched for: a hit opens the block that holds it (collapsed thinking, cut
 * tool output), scrolls it into view and paints every occurrence; Ctrl/Cmd+F finds across the
 * whole (virtualized) thread with a count and next/previous.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavuJson } from '../test/cli';
import type { Conversation } from '../shared/record';
import { type App, startApp } from './harness';
import { FindBar } from './pages/find-bar';
import { SearchPage } from './pages/search-page';
import { ThreadPage } from './pages/thread-page';

const KV = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7'; // its plan is only in a thinking block
const LONG = 'claude-code_6113e919-67d3-417b-b525-c63700228d19'; // 230 messages, a 70 KB tool output

let app: App;
let search: SearchPage;
let thread: ThreadPage;
let find: FindBar;

beforeAll(async () => {
  app = await startApp();
  search = new SearchPage(app.page);
  thread = new ThreadPage(app.page);
  find = new FindBar(app.page);
}, 120_000);
afterAll(() => app?.close());

/** Whether the painted occurrence is on screen inside the message pane. */
async function onScreen(o: { top: number; bottom: number } | null): Promise<boolean> {
  const pane = await thread.scroller.boundingBox();
  return Boolean(o && pane && o.top >= pane.y && o.bottom <= pane.y + pane.height);
}

describe('jumping to a search hit', () => {
  it('opens the collapsed thinking block holding it, scrolls to it and paints it', async () => {
    await search.search('"break down the tasks"');
    await search.results().first().click();
    await app.page.waitForSelector(`header[data-conversation-id="${KV}"]`);
    await expect.poll(async () => (await find.current())?.text.toLowerCase(), { timeout: 10_000 }).toBe('break down the tasks');
    expect(await thread.message(5).locator('details.part-thinking').getAttribute('open')).not.toBeNull();
    await expect.poll(async () => onScreen(await find.current())).toBe(true);
    expect(await find.count.textContent()).toBe('1 of 1');
    await search.clear();
  });

  it('shows a cut tool output whole when the hit is past the cut, and scrolls to the occurrence', async () => {
    await search.box.fill('String::from_utf8_lossy');
    await search.includeToolOutput().check();
    await search.results().filter({ hasText: 'String::from_utf8_lossy' }).first().click();
    await app.page.waitForSelector(`header[data-conversation-id="${LONG}"]`);
    await expect.poll(async () => (await find.current())?.text, { timeout: 10_000 }).toBe('String::from_utf8_lossy');
    await expect.poll(async () => onScreen(await find.current())).toBe(true);
    expect(await app.page.getByRole('button', { name: 'Show less' }).count()).toBeGreaterThan(0);
    await search.includeToolOutput().uncheck();
    await search.clear();
  });
});

describe('find in this conversation (Ctrl/Cmd+F)', () => {
  it('counts every occurrence in the whole thread, not only the rendered rows, and steps through them', async () => {
    const record = dejavuJson<Conversation>(['show', LONG], app.env);
    const word = 'captured';
    let expected = 0;
    for (const m of record.messages) {
      for (const p of m.parts) {
        const text = p.type === 'text' || p.type === 'reasoning' || p.type === 'generic' ? p.content : p.type === 'tool_call' ? `${p.name} ${p.arguments}` : p.type === 'tool_call_response' ? p.response : '';
        expected += text.toLowerCase().split(word).length - 1;
      }
    }
    expect(expected).toBeGreaterThan(6);

    await app.openConversation(LONG);
    await thread.scroller.evaluate((el) => el.scrollTo(0, 0));
    await thread.message(0).waitFor();
    await find.open();
    await find.input.fill(word);
    await expect.poll(() => find.count.textContent(), { timeout: 10_000 }).toBe(`1 of ${expected}`);
    // Fewer rows are rendered than hold the word: the count comes from the data.
    expect(await find.painted()).toBeLessThan(expected);

    for (let i = 2; i <= 4; i++) {
      await find.input.press('Enter');
      await expect.poll(() => find.count.textContent()).toBe(`${i} of ${expected}`);
      await expect.poll(async () => (await find.current())?.text.toLowerCase(), { timeout: 5_000 }).toBe(word);
      await expect.poll(async () => onScreen(await find.current()), { timeout: 5_000 }).toBe(true);
    }
    await find.input.press('ArrowUp');
    await expect.poll(() => find.count.textContent()).toBe(`3 of ${expected}`);
    // Previous from the first wraps to the last, which lies far down the thread.
    await find.input.press('ArrowUp');
    await find.input.press('ArrowUp');
    await find.input.press('Shift+Enter');
    await expect.poll(() => find.count.textContent()).toBe(`${expected} of ${expected}`);
    await expect.poll(async () => onScreen(await find.current()), { timeout: 5_000 }).toBe(true);

    await find.input.press('Escape');
    await expect.poll(() => find.bar.count()).toBe(0);
    expect(await find.painted()).toBe(0);
  });

  it('leaves Ctrl/Cmd+K to the archive search', async () => {
    await app.page.keyboard.press('Control+k');
    await expect.poll(() => app.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search conversations');
  });
});
