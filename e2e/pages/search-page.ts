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
  includeToolOutput(): Locator {
    return this.page.getByRole('checkbox', { name: 'Include tool output' });
  }
  async clear(): Promise<void> {
    await this.box.fill('');
  }
}
