/**
 * A search whose pages take longer than the refresh beat (a rare term over a million messages:
 * ~20 pages, seconds) shown while an agent writes. A beat used to cancel the refresh under way
 * and start it again, so its pages were read for nothing, again and again, and the results never
 * came in until the writing stopped. A refresh now waits for the one under way, and the next
 * begins no sooner than its length after it ended.
 */
import { rmSync } from 'node:fs';
import type { Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_REFRESH_MS } from '../shared/invalidation';
import { type App, startApp } from './harness';
import { LIVE_LINES as LINES, type LiveHome, liveHome } from './live-session';
import { SearchPage } from './pages/search-page';

const FIRST = 60;
/** Each search page is held this long: with the pages below, a refresh outlasts the beat. */
const PAGE_MS = 600;

let app: App;
let home: LiveHome;
const asked: { at: number; done?: number; failed?: boolean }[] = [];

beforeAll(async () => {
  home = liveHome('dejavu-search-refresh-long-home-', FIRST);
  // The fixtures and the live session; small pages, so the query below takes several.
  app = await startApp({ serveArgs: ['--source', home.source, '--search-page-text', '100000'] });
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(home.source, { recursive: true, force: true });
});

const isSearch = (r: Request) => r.url().includes('/api/dejavu:search');

describe('a search whose refresh outlasts the beat, shown while an agent writes', () => {
  it('is never cancelled by the next beat: every page asked is answered, and the results end up current', async () => {
    const search = new SearchPage(app.page);
    const searching = app.page.getByRole('status').filter({ hasText: 'Searching older conversations' });
    // `ok` has no word of three characters: every row's text is read, newest first, page by page.
    await search.search('ok');
    await expect.poll(() => searching.count(), { timeout: 30_000 }).toBe(0);
    expect(await search.groups().count()).toBeGreaterThan(0);
    await app.page.route('**/api/dejavu:search', async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, PAGE_MS));
      await route.continue().catch(() => undefined); // aborted by the page meanwhile
    });
    const byRequest = new Map<Request, (typeof asked)[number]>();
    app.page.on('request', (r) => {
      if (!isSearch(r)) return;
      const entry = { at: Date.now() };
      byRequest.set(r, entry);
      asked.push(entry);
    });
    app.page.on('requestfinished', (r) => void (isSearch(r) && (byRequest.get(r)!.done = Date.now())));
    app.page.on('requestfailed', (r) => void (isSearch(r) && (byRequest.get(r)!.failed = true)));

    // One append every 200 ms for ~6 s: each a live change event.
    const appends = 30;
    const step = Math.floor((LINES.length - FIRST) / appends);
    let lastAppend = 0;
    for (let i = 0; i < appends; i += 1) {
      home.append(FIRST + i * step, FIRST + (i + 1) * step);
      lastAppend = Date.now();
      await app.page.waitForTimeout(200);
    }
    // Quiet: no page asked or under way for a while after the last append's refresh.
    await expect
      .poll(
        () => {
          const last = asked.at(-1);
          return last !== undefined && last.at > lastAppend && asked.every((a) => a.done || a.failed) && Date.now() - (last.done ?? Date.now()) > SEARCH_REFRESH_MS;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);
    // A refresh took several pages, longer than the beat: the case this is about.
    const refreshes = asked.filter((a, i) => i === 0 || a.at - asked[i - 1].done! > 100).length;
    expect(asked.length / refreshes).toBeGreaterThan(SEARCH_REFRESH_MS / PAGE_MS);
    // None was cancelled by a later beat, and the last page asked came after the writing stopped.
    expect(asked.filter((a) => a.failed)).toEqual([]);
    expect(asked.at(-1)!.at).toBeGreaterThan(lastAppend);
    await app.page.unroute('**/api/dejavu:search');
    await search.clear();
  }, 180_000);
});
