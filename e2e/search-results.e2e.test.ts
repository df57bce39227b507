/**
 * Search results grouped by conversation with their hit counts; the menus and the tool-output box
 * show the filters the query names; ↑/↓ move through hits, Enter opens one, Esc comes back.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavuJson } from '../test/cli';
import type { SearchHit } from '../shared/views';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';

let app: App;
let search: SearchPage;

beforeAll(async () => {
  app = await startApp();
  search = new SearchPage(app.page);
}, 120_000);
afterAll(() => app?.close());

const focusedHitKey = () => app.page.evaluate(() => document.activeElement?.getAttribute('data-hit-key'));

describe('search results', () => {
  it('are grouped by conversation, each with its number of hits', async () => {
    // The search answers each conversation once: its best hit and how many of its messages match.
    const hits = dejavuJson<SearchHit[]>(['search', '"in parallel"', '--limit', '200'], app.env);
    expect(new Set(hits.map((h) => h.conversation.id)).size).toBe(hits.length);
    const busiest = [...hits].sort((a, b) => b.hitCount - a.hitCount)[0];
    expect(busiest.hitCount).toBeGreaterThan(1);

    await search.search('"in parallel"');
    await expect.poll(() => search.groups().count()).toBe(hits.length);
    expect(await search.group(busiest.conversation.id).locator('.hit-count').textContent()).toBe(`${busiest.hitCount} hits`);
    expect(await search.group(busiest.conversation.id).getByRole('button').count()).toBe(1);
    const total = hits.reduce((n, h) => n + h.hitCount, 0);
    expect(await app.page.getByRole('status').filter({ hasText: 'match' }).first().textContent()).toBe(`${total} matches in ${hits.length} conversations`);
  });

  it('move with ↑/↓, open with Enter (the keyboard stays on the hit), and Esc comes back to it', async () => {
    await search.box.focus();
    await search.box.press('ArrowDown');
    const first = await focusedHitKey();
    await app.page.keyboard.press('ArrowDown');
    const second = await focusedHitKey();
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    await app.page.keyboard.press('ArrowUp');
    expect(await focusedHitKey()).toBe(first);
    await app.page.keyboard.press('ArrowDown');
    await app.page.keyboard.press('Enter');
    const [id] = second!.split(':');
    await app.page.waitForSelector(`header[data-conversation-id="${id}"]`);
    // The hit's terms are found in the thread once its page has loaded; the keyboard stays on the hit.
    await app.page.getByRole('search', { name: 'Find in this conversation' }).waitFor();
    expect(await focusedHitKey()).toBe(second);
    await app.page.getByTestId('thread-scroll').focus();
    await app.page.keyboard.press('Escape');
    await expect.poll(focusedHitKey).toBe(second);
    await search.clear();
  });

  it('show the query’s own filters in the agent menu and the tool-output box', async () => {
    await search.search('agent:codex marketplace');
    await expect.poll(() => search.agentMenu().inputValue()).toBe('codex');
    // The query's agent: wins over the menu's state: only Codex conversations.
    await expect.poll(async () => [...new Set(await search.groups().locator('.agent-badge').allTextContents())]).toEqual(['Codex CLI']);

    await search.box.fill('"Original token count" in:tools');
    await expect.poll(() => search.includeToolOutput().isChecked()).toBe(true);
    await search.results().first().waitFor();
    // Unticking the box takes in:tools out of the query.
    await search.includeToolOutput().uncheck();
    await expect.poll(() => search.box.inputValue()).toBe('"Original token count"');
    await search.clear();
    expect(await search.agentMenu().inputValue()).toBe('');
  });

  it('ask once typing pauses, and abort the request of a query typed past', async () => {
    const page = app.page;
    const isSearch = (r: Request) => r.url().includes('/api/dejavu:search');
    const queryOf = (r: Request) => (JSON.parse(r.postData() ?? '{}') as { query?: string }).query;
    const asked: (string | undefined)[] = [];
    const aborted: (string | undefined)[] = [];
    const onRequest = (r: Request) => void (isSearch(r) && asked.push(queryOf(r)));
    const onFailed = (r: Request) => void (isSearch(r) && aborted.push(queryOf(r)));
    page.on('request', onRequest);
    page.on('requestfailed', onFailed);
    const word = 'marketplace';
    const full = `${word} agent:codex`;
    // The answer to the first query is held back long enough to type past it (aborted well before).
    await page.route('**/api/dejavu:search', async (route) => {
      if (queryOf(route.request()) === word) await new Promise((resolve) => setTimeout(resolve, 10_000));
      await route.continue().catch(() => undefined); // aborted by the page meanwhile
    });
    // Keys are pressed 20 ms apart, but a loaded machine may pause longer than the box's 220 ms
    // wait between two of them, and then rightly ask for what was typed so far: each such gap
    // (taken from 200 ms, the timer's own lateness aside) may add one request, no more.
    await page.evaluate(() => {
      const w = window as unknown as { keyTimes: number[] };
      w.keyTimes = [];
      document.addEventListener('keydown', () => w.keyTimes.push(performance.now()), true);
    });
    const gaps = async (from: number) => {
      const times = (await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes)).slice(from);
      return times.filter((t, i) => i > 0 && t - times[i - 1] >= 200).length;
    };
    const prefixesOf = (full: string, queries: (string | undefined)[]) => queries.every((q) => q !== undefined && full.startsWith(q));
    try {
      await search.box.pressSequentially(word, { delay: 20 });
      await expect.poll(() => asked.at(-1)).toBe(word);
      expect(asked.length).toBeLessThanOrEqual(1 + (await gaps(0))); // one request for eleven keystrokes, unless typing paused
      expect(prefixesOf(word, asked)).toBe(true);
      const first = asked.length;
      await search.box.pressSequentially(full.slice(word.length), { delay: 20 });
      await expect.poll(() => asked.at(-1)).toBe(full);
      expect(asked.length - first).toBeLessThanOrEqual(1 + (await gaps(word.length))); // the keys typed after the word
      expect(prefixesOf(full, asked)).toBe(true);
      await expect.poll(() => aborted).toContain(word);
      expect(prefixesOf(full, aborted)).toBe(true);
      await expect.poll(async () => [...new Set(await search.groups().locator('.agent-badge').allTextContents())]).toEqual(['Codex CLI']);
    } finally {
      await page.unroute('**/api/dejavu:search');
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      await search.clear();
    }
  });
});
