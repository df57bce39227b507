/** Plans and Timeline: opened by their buttons in the sidebar; lists, the chosen plan, the timeline's entries. */
import type { Locator, Page } from 'playwright-core';

export class PlansPage {
  readonly view: Locator;
  constructor(readonly page: Page) {
    this.view = page.getByTestId('plans-view');
  }
  async open(): Promise<void> {
    if (await this.view.count()) return;
    await this.page.getByRole('button', { name: 'Plans', exact: true }).click();
    await this.view.getByRole('list', { name: 'Plans found' }).waitFor();
  }
  search(): Locator {
    return this.view.getByRole('searchbox', { name: 'Find plans' });
  }
  items(): Locator {
    return this.view.getByRole('list', { name: 'Plans found' }).getByRole('button');
  }
  detail(): Locator {
    return this.view.locator('article[data-plan-id]');
  }
  uses(): Locator {
    return this.view.getByRole('list', { name: 'Conversations that made or used this plan' }).getByRole('button');
  }
}

export class TimelinePage {
  readonly view: Locator;
  constructor(readonly page: Page) {
    this.view = page.getByTestId('timeline-view');
  }
  async open(): Promise<void> {
    if (await this.view.count()) return;
    await this.page.getByRole('button', { name: 'Timeline', exact: true }).click();
    await this.view.getByRole('combobox', { name: 'Repository' }).waitFor();
  }
  choice(label: 'Repository' | 'Branch'): Locator {
    return this.view.getByRole('combobox', { name: label });
  }
  entries(): Locator {
    return this.view.getByRole('list', { name: 'Conversations in this repository' }).getByRole('button');
  }
}
