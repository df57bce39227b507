/**
 * A search whose pages take longer than the refresh beat (a rare term over a million messages:
 * ~20 pages, seconds) shown while an agent writes. A beat used to cancel the refresh under way
 * and start it again, so its pages were read for nothing, again and again, and the results never
 * came in until the writing stopped. A refresh now waits for the one under way, and the next
 * begins no sooner than its length after it ended.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_REFRESH_MS } from '../shared/invalidation';
import type { SearchHit } from '../shared/views';
import { dejavuJson } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
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
  // Other agents' fixtures (the live session is a Claude Code one: imported whole, its appends would change nothing) and the
  // live session; small pages, so the query below takes several.
  const others = ['codex', 'gemini-cli', 'opencode', 'kimi-cli'].map((agent) => path.join(FIXTURES_DIR, agent));
  app = await startApp({ importPaths: others, serveArgs: ['--source', home.source, '--search-page-text', '20000'] });
}, 120_000);

afterAll(async () => {
  await app?.close();
  rmSync(home.source, { recursive: true, force: true });
});

const isSearch = (r: Request) => r.url().includes('/api/dejavu:search');

/** What the results' status says once every page is in, as the CLI counts it on the same archive. */
function countedByCli(): string {
  const all = dejavuJson<SearchHit[]>(['search', 'ok', '--limit', '200'], app.env);
  return `${all.reduce((n, h) => n + h.hitCount, 0)} matches in ${all.length} conversations`;
}

describe('a search whose refresh outlasts the beat, shown while an agent writes', () => {
  it('is never cancelled by the next beat: every page asked is answered, and the results end up current', async () => {
    const search = new SearchPage(app.page);
    const status = app.page.getByRole('status').filter({ hasText: /\d+ match(es)? in / }).first();
    // `ok` has no word of three characters: every row's text is read, newest first, page by page.
    await search.search('ok');
    const before = countedByCli();
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(before);
    const byRequest = new Map<Request, (typeof asked)[number]>();
    app.page.on('request', (r) => {
      if (!isSearch(r)) return;
      const entry = { at: Date.now() };
      byRequest.set(r, entry);
      asked.push(entry);
    });
    app.page.on('requestfinished', (r) => void (isSearch(r) && byRequest.has(r) && (byRequest.get(r)!.done = Date.now())));
    app.page.on('requestfailed', (r) => void (isSearch(r) && byRequest.has(r) && (byRequest.get(r)!.failed = true)));
    await app.page.route('**/api/dejavu:search', async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, PAGE_MS));
      await route.continue().catch(() => undefined); // aborted by the page meanwhile
    });

    // One append every 200 ms for ~6 s: each a live change event.
    const appends = 30;
    const step = Math.floor((LINES.length - FIRST) / appends);
    for (let i = 0; i < appends; i += 1) {
      home.append(FIRST + i * step, FIRST + (i + 1) * step);
      await app.page.waitForTimeout(200);
    }
    // Live capture has the last append once the CLI's count has moved (the appends add matches) and stopped moving.
    let expected = before;
    await expect
      .poll(
        () => {
          const now = countedByCli();
          const settled = now === expected && now !== before;
          expected = now;
          return settled;
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(true);
    // The results end up current.
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toBe(expected);
    // A refresh took several pages, longer than the beat (pages of one follow each other closely; refreshes are seconds apart).
    const refreshes = asked.filter((a, i) => i === 0 || a.at - (asked[i - 1].done ?? a.at) > 1000).length;
    expect(asked.length / refreshes).toBeGreaterThan(SEARCH_REFRESH_MS / PAGE_MS);
    // None was cancelled by a later beat.
    expect(asked.filter((a) => a.failed)).toEqual([]);
    await app.page.unroute('**/api/dejavu:search');
    await search.clear();
  }, 180_000);
});
