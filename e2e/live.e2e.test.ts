/**
 * Live: `dejavu serve` WITHOUT --no-sync, pointed (--source) at a temporary home holding a
 * Claude Code session that grows while the thread is open. The lines appended are the real
 * fixture's own next lines (blackgirlbytes' token-cost run), written the way Claude Code does:
 * appended to the same file. A reader scrolled up keeps their place; a reader at the bottom
 * follows the new messages; the live dot shows.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, startApp } from './harness';
import { LIVE_LINES as LINES, LIVE_SESSION as SESSION, type LiveHome, liveHome } from './live-session';
import { ThreadPage } from './pages/thread-page';
import { TreePage } from './pages/tree-page';

const ID = `claude-code_${SESSION}`;
const FIRST = 120; // both typed prompts and a long stretch of the work
const SECOND = 160;

let app: App;
let home: LiveHome;
let thread: ThreadPage;
let tree: TreePage;

const total = async () => Number((await app.page.getByRole('feed').getAttribute('aria-label'))?.split(' ')[0]);
const append = (from: number, to: number) => home.append(from, to);

beforeAll(async () => {
  home = liveHome('dejavu-live-home-', FIRST);
  app = await startApp({ importPaths: [], serveArgs: ['--source', home.source] });
  thread = new ThreadPage(app.page);
  tree = new TreePage(app.page);
});

afterAll(async () => {
  await app?.close();
  rmSync(home.source, { recursive: true, force: true });
});

describe('a conversation still being written', () => {
  it('is synced at start and marked live', async () => {
    await app.openConversation(ID);
    await thread.message(0).waitFor();
    await thread.liveDot().waitFor();
    await tree.byId(ID).first().getByTestId('live-dot').waitFor();
  });

  it('shows appended messages in place, keeping a scrolled-up reader where they were', async () => {
    const before = await total();
    await thread.scroller.evaluate((el) => el.scrollTo(0, 0));
    await app.page.waitForTimeout(200);
    append(FIRST, SECOND);
    await expect.poll(total, { timeout: 8_000 }).toBeGreaterThan(before);
    expect(await thread.scroller.evaluate((el) => el.scrollTop)).toBe(0);
    await thread.message(0).waitFor();
  });

  it('follows new messages when the reader is at the bottom', async () => {
    // Go to the end and stay there until the last row is measured.
    await expect
      .poll(
        async () => {
          await thread.scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          await app.page.waitForTimeout(100);
          return thread.scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
        },
        { timeout: 8_000 },
      )
      .toBeLessThan(64);
    const before = await total();
    append(SECOND, LINES.length);
    await expect.poll(total, { timeout: 8_000 }).toBeGreaterThan(before);
    const now = await total();
    // The newest row is rendered (the list is virtualized) and the view rests on the end.
    const last = app.page.locator(`.row[data-index="${now - 1}"]`);
    await expect.poll(() => last.count(), { timeout: 5_000 }).toBe(1);
    await expect.poll(() => thread.scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight), { timeout: 5_000 }).toBeLessThan(64);
  });
});
