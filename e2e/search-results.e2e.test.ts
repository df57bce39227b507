/**
 * Search results grouped by conversation with their hit counts; the menus and the tool-output box
 * show the filters the query names; ↑/↓ move through hits, Enter opens one, Esc comes back.
 */
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
    const hits = dejavuJson<SearchHit[]>(['search', '"in parallel"', '--limit', '200'], app.env);
    const perConversation = new Map<string, number>();
    for (const h of hits) perConversation.set(h.conversation.id, (perConversation.get(h.conversation.id) ?? 0) + 1);
    const [busiest, most] = [...perConversation].sort((a, b) => b[1] - a[1])[0];
    expect(most).toBeGreaterThan(1);

    await search.search('"in parallel"');
    await expect.poll(() => search.groups().count()).toBe(perConversation.size);
    expect(await search.group(busiest).locator('.hit-count').textContent()).toBe(`${most} hits`);
    expect(await search.group(busiest).getByRole('button').count()).toBe(most);
  });

  it('move with ↑/↓, open with Enter, and Esc comes back to the hit', async () => {
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
});
