/**
 * Search while it catches up: an archive whose search.db was rebuilt (here: removed) lists every
 * conversation but finds none; a sync catches search up from the archive in its indexer thread,
 * the search results say how many conversations are not searchable yet meanwhile, and the
 * results are read again once it ends, though the sync stored nothing new.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavuJson } from '../test/cli';
import type { SearchHit } from '../shared/views';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';
import { StatusBarPage } from './pages/status-bar-page';

let app: App;
let search: SearchPage;
let bar: StatusBarPage;

beforeAll(async () => {
  app = await startApp({
    // search.db gone: what a search migration that rebuilds it leaves until the next sync.
    prepare: (env) => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(path.join(env.DEJAVU_HOME, `search.db${suffix}`), { force: true });
    },
  });
  search = new SearchPage(app.page);
  bar = new StatusBarPage(app.page);
}, 120_000);
afterAll(() => app?.close());

describe('search while it catches up', () => {
  it('says how many conversations are not searchable yet, then shows what the catch-up made searchable', async () => {
    await search.box.fill('golang');
    await app.page.getByRole('heading', { name: 'No matches' }).waitFor();
    // Every line the search panel shows about search lagging, as it changes (the catch-up of a few MB is quick).
    await app.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __lag: string[] }).__lag = seen;
      const note = () => {
        const text = document.querySelector('.search-lag')?.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await bar.syncButton.click();
    await expect.poll(() => bar.activity().textContent(), { timeout: 60_000 }).toMatch(/^Synced just now/);
    const lag = await app.page.evaluate(() => (window as unknown as { __lag: string[] }).__lag);
    const counts = lag.filter(Boolean).map((t) => /^Search is catching up: (\d+) conversations? not searchable yet$/.exec(t)?.[1]);
    expect(counts.length, JSON.stringify(lag)).toBeGreaterThan(0);
    expect(counts.every(Boolean), JSON.stringify(lag)).toBe(true);
    expect(lag.at(-1)).toBe('');
    // The catch-up's conversations are found now, without a new query.
    const expected = dejavuJson<SearchHit[]>(['search', 'golang'], app.env);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => search.groups().evaluateAll((els) => els.map((e) => e.getAttribute('data-conversation-id')))).toEqual(expected.map((h) => h.conversation.id));
    await search.clear();
  });
});
