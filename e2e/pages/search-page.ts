/** The search box, its filters and its results. */
import type { Locator, Page } from 'playwright-core';

export class SearchPage {
  readonly box: Locator;
  constructor(readonly page: Page) {
    this.box = page.getByRole('searchbox', { name: 'Search conversations' });
  }
  async search(query: string): Promise<void> {
    await this.box.fill(query);
    await this.results().first().waitFor();
  }
  results(): Locator {
    return this.page.getByRole('list', { name: 'Search results' }).getByRole('button');
  }
  /** One group per conversation with hits. */
  groups(): Locator {
    return this.page.getByRole('list', { name: 'Search results' }).locator('li.hit-group');
  }
  group(conversationId: string): Locator {
    return this.groups().and(this.page.locator(`[data-conversation-id="${conversationId}"]`));
  }
  /** Titles of the conversations with hits, in order. */
  titles(): Promise<string[]> {
    return this.groups().locator('.hit-title').allTextContents();
  }
  agentMenu(): Locator {
    return this.page.getByRole('combobox', { name: 'Filter by agent' });
  }
  includeToolOutput(): Locator {
    return this.page.getByRole('checkbox', { name: 'Include tool output' });
  }
  async clear(): Promise<void> {
    await this.box.fill('');
  }
}
