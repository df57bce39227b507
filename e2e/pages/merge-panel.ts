/** Settings → Storage → Archives from other machines: a path field, Merge, and what it did. */
import type { Locator, Page } from 'playwright-core';

export class MergePanel {
  readonly panel: Locator;
  constructor(readonly page: Page) {
    this.panel = page.getByTestId('merge-archive');
  }
  async merge(target: string): Promise<void> {
    await this.panel.getByLabel('Archive file or folder').fill(target);
    await this.panel.getByRole('button', { name: 'Merge', exact: true }).click();
  }
  result(): Locator {
    return this.panel.getByTestId('merge-result');
  }
  error(): Locator {
    return this.panel.getByRole('alert');
  }
}
