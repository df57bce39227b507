/**
 * A search shown while an agent writes: every append is a `dejavu:changed` event, and each used to
 * run the search again on main's thread (a first sync's every commit too). Searches are read
 * again at most every SEARCH_REFRESH_MS, the first at once and the last after the writing stops,
 * so the results end up current without a search per append.
 */
import { rmSync } from 'node:fs';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_REFRESH_MS } from '../shared/invalidation';
import { type App, startApp } from './harness';
import { LIVE_LINES as LINES, type LiveHome, liveHome } from './live-session';
import { SearchPage } from './pages/search-page';

const FIRST = 60;
const APPENDS = 12;

let app: App;
let home: LiveHome;
const asked: { at: number; query: string }[] = [];

beforeAll(async () => {
  home = liveHome('dejavu-search-refresh-home-', FIRST);
  app = await startApp({ importPaths: [], serveArgs: ['--source', home.source] });
  app.page.on('request', (r: Request) => {
    if (r.url().includes('/api/dejavu:search')) asked.push({ at: Date.now(), query: (JSON.parse(r.postData() ?? '{}') as { query: string }).query });
  });
});

afterAll(async () => {
  await app?.close();
  rmSync(home.source, { recursive: true, force: true });
});

describe('a search shown while an agent writes', () => {
  it('is read again at most every few seconds, and once more after the last append', async () => {
    const search = new SearchPage(app.page);
    await search.search('token');
    const before = asked.filter((a) => a.query === 'token').length;
    expect(before).toBeGreaterThan(0);
    const started = Date.now();
    // One append every 200 ms for ~2.4 s: each a live change event.
    const step = Math.floor((LINES.length - FIRST) / APPENDS);
    let lastAppend = 0;
    for (let i = 0; i < APPENDS; i += 1) {
      home.append(FIRST + i * step, FIRST + (i + 1) * step);
      lastAppend = Date.now();
      await app.page.waitForTimeout(200);
    }
    // The last append's change reaches the page (live debounce) and the throttle's beat passes.
    await app.page.waitForTimeout(SEARCH_REFRESH_MS + 1500);
    const during = asked.filter((a) => a.query === 'token' && a.at >= started);
    // Unthrottled: about one per append. Throttled: the first at once, then one per beat.
    expect(during.length).toBeGreaterThan(0);
    expect(during.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / SEARCH_REFRESH_MS) + 1);
    // The results are current: a search ran after the last append.
    expect(during.at(-1)!.at).toBeGreaterThan(lastAppend);
    await search.clear();
  });
});
