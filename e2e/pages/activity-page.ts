/** Activity: opened by its button in the sidebar; charts, totals and the costliest conversations. */
import type { Locator, Page } from 'playwright-core';

export class ActivityPage {
  readonly view: Locator;
  readonly button: Locator;
  constructor(readonly page: Page) {
    this.view = page.getByTestId('activity-view');
    this.button = page.getByRole('button', { name: 'Activity', exact: true });
  }
  async open(): Promise<void> {
    if (await this.view.count()) return;
    await this.button.click();
    await this.view.getByTestId('activity-totals').waitFor();
  }
  chart(label: RegExp): Locator {
    return this.view.getByRole('img', { name: label });
  }
  choice(label: string): Locator {
    return this.view.getByLabel(label, { exact: true });
  }
  costliest(): Locator {
    return this.view.getByRole('list', { name: 'Most expensive conversations' }).getByRole('button');
  }
}
