/**
 * Bounded search pages in the browser: with a small page budget (`serve --search-page-text`),
 * a query the index cannot narrow answers its first conversations at once, says how far back it
 * is still searching, then shows the older ones; "No matches" waits for the last page.
 */
import type { Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavuJson } from '../test/cli';
import type { SearchHit } from '../shared/views';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';

let app: App;
let search: SearchPage;

beforeAll(async () => {
  app = await startApp({ serveArgs: ['--no-sync', '--search-page-text', '100000'] });
  search = new SearchPage(app.page);
}, 120_000);
afterAll(() => app?.close());

/** Holds back every page after the first (a request with a cursor) until `release` is called. */
async function holdLaterPages(): Promise<{ release: () => void; asked: () => number }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let later = 0;
  await app.page.route('**/api/dejavu:search', async (route: Route) => {
    if ((JSON.parse(route.request().postData() ?? '{}') as { cursor?: number }).cursor !== undefined) {
      later += 1;
      await held;
    }
    await route.continue().catch(() => undefined); // aborted by the page meanwhile
  });
  return { release, asked: () => later };
}

const shownIds = () => search.groups().evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')));

describe('bounded search pages', () => {
  it('show the first page at once, then the older conversations, and the searching line only while pages remain', async () => {
    // `ok` has no word of three characters: every row's text is read, newest first.
    const all = dejavuJson<SearchHit[]>(['search', 'ok', '--limit', '200'], app.env);
    expect(all.length).toBeGreaterThan(5);
    const hold = await holdLaterPages();
    const searching = app.page.getByRole('status').filter({ hasText: 'Searching older conversations… back to ' });
    try {
      await search.search('ok');
      await expect.poll(hold.asked).toBe(1);
      // The first page's conversations are the newest of the whole answer, in its order.
      const first = await search.groups().count();
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(all.length);
      expect(await shownIds()).toEqual(all.slice(0, first).map((h) => h.conversation.id));
      expect(await searching.textContent()).toMatch(/^Searching older conversations… back to \w+/);
      expect(await searching.getAttribute('aria-live')).toBe('polite');
      hold.release();
      await expect.poll(() => search.groups().count()).toBe(all.length);
      await expect.poll(() => searching.count()).toBe(0);
      expect(await shownIds()).toEqual(all.map((h) => h.conversation.id));
      const total = all.reduce((n, h) => n + h.hitCount, 0);
      expect(await app.page.getByRole('status').filter({ hasText: 'match' }).first().textContent()).toBe(`${total} matches in ${all.length} conversations`);
    } finally {
      await app.page.unroute('**/api/dejavu:search');
      await search.clear();
    }
  });

  it('stop for a query typed past: its page in flight is aborted and no older page of it is asked', async () => {
    const page = app.page;
    // Not asked before in this page (TanStack Query would answer from its cache).
    const QUERY = 'ab';
    const isSearch = (r: Request) => r.url().includes('/api/dejavu:search');
    const asked = (r: Request) => JSON.parse(r.postData() ?? '{}') as { query?: string; cursor?: number };
    const pages: (number | undefined)[] = [];
    const aborted: (number | undefined)[] = [];
    const onRequest = (r: Request) => void (isSearch(r) && asked(r).query === QUERY && pages.push(asked(r).cursor));
    const onFailed = (r: Request) => void (isSearch(r) && asked(r).query === QUERY && aborted.push(asked(r).cursor));
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    const hold = await holdLaterPages();
    try {
      await search.search(QUERY);
      await expect.poll(hold.asked).toBe(1);
      expect(pages).toEqual([undefined, expect.any(Number)]);
      // A word the index answers: one page, no cursor.
      const marketplace = dejavuJson<SearchHit[]>(['search', 'marketplace', '--limit', '200'], app.env);
      await search.box.fill('marketplace');
      await expect.poll(shownIds).toEqual(marketplace.map((h) => h.conversation.id));
      await expect.poll(() => aborted).toEqual([pages[1]]);
      hold.release();
      // Time for a wrongly continued query to ask its next page once its held one is let go.
      await page.waitForTimeout(400);
      expect(pages).toHaveLength(2);
      expect(await page.getByRole('status').filter({ hasText: 'Searching older conversations' }).count()).toBe(0);
    } finally {
      await page.unroute('**/api/dejavu:search');
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      await search.clear();
    }
  });

  it('say how far back they search while nothing is found yet, and "No matches" only after the last page', async () => {
    const hold = await holdLaterPages();
    try {
      await search.box.fill('"~#~"');
      await expect.poll(hold.asked).toBe(1);
      const state = app.page.getByRole('status').filter({ hasText: 'Searching older conversations… back to ' });
      await state.waitFor();
      expect(await app.page.getByRole('heading', { name: 'No matches' }).count()).toBe(0);
      hold.release();
      await app.page.getByRole('heading', { name: 'No matches' }).waitFor();
      expect(await state.count()).toBe(0);
    } finally {
      await app.page.unroute('**/api/dejavu:search');
      await search.clear();
    }
  });
});
