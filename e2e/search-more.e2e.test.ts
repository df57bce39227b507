/**
 * A search shows its first 50 conversations (what each keystroke costs, as the search bench
 * measures it), then more on "Show up to 200 conversations"; the keyboard goes on at the first
 * conversation added, and the next query starts at 50 again. Every agent's fixtures are imported,
 * so a common word matches more than 50 conversations.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavuJson } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
import type { SearchHit } from '../shared/views';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';

let app: App;
let search: SearchPage;
const asked: { query?: string; limit?: number }[] = [];

beforeAll(async () => {
  const agents = readdirSync(FIXTURES_DIR)
    .map((name) => path.join(FIXTURES_DIR, name))
    .filter((p) => statSync(p).isDirectory());
  app = await startApp({ importPaths: agents });
  search = new SearchPage(app.page);
  app.page.on('request', (r: Request) => {
    if (r.url().includes('/api/dejavu:search')) asked.push(JSON.parse(r.postData() ?? '{}') as { query?: string; limit?: number });
  });
}, 120_000);
afterAll(() => app?.close());

/** The `limit` of each search request the page made for `query`, in order. */
const limitsAsked = (query: string) => asked.filter((a) => a.query === query).map((a) => a.limit);
const shownIds = () => search.groups().evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')));

describe('search results, 50 first', () => {
  it('asks for 50 conversations, then up to 200 on "Show more", the keyboard at the first one added', async () => {
    const all = dejavuJson<SearchHit[]>(['search', 'the', '--limit', '200'], app.env);
    expect(all.length).toBeGreaterThan(50);
    expect(all.length).toBeLessThan(200);
    await search.search('the');
    await expect.poll(() => search.groups().count()).toBe(50);
    await expect.poll(() => limitsAsked('the')).toEqual([50]);
    const count = app.page.getByRole('status').filter({ hasText: 'match' }).first();
    expect(await count.textContent()).toMatch(/ matches in the first 50 conversations$/);
    const more = app.page.getByRole('button', { name: 'Show up to 200 conversations' });
    await more.focus();
    await app.page.keyboard.press('Enter');
    await expect.poll(() => search.groups().count()).toBe(all.length);
    expect(await shownIds()).toEqual(all.map((h) => h.conversation.id));
    expect(limitsAsked('the')).toEqual([50, 200]);
    expect(await count.textContent()).toMatch(new RegExp(` matches in ${all.length} conversations$`));
    // Every conversation is listed: nothing more to show.
    expect(await more.count()).toBe(0);
    await expect
      .poll(() => app.page.evaluate(() => document.activeElement?.closest('li.hit-group')?.getAttribute('data-conversation-id')))
      .toBe(all[50].conversation.id);
    // Another query starts at 50 again.
    await search.box.fill('this');
    await expect.poll(() => limitsAsked('this')).toEqual([50]);
    await expect.poll(() => search.groups().count()).toBe(50);
    expect(await app.page.getByRole('button', { name: 'Show up to 200 conversations' }).count()).toBe(1);
    await search.clear();
  });
});
