/** The empty archive's first-run view: what to do, where the sync looked, and Add a folder. */
import type { Locator, Page } from 'playwright-core';

export class FirstRunPage {
  readonly view: Locator;
  readonly addFolder: Locator;
  constructor(readonly page: Page) {
    this.view = page.getByRole('heading', { name: 'No conversations yet' }).locator('..');
    this.addFolder = page.getByRole('form', { name: 'Add a folder' });
  }
  /** Type a folder's path and add it (the browser cannot pick a folder on the server's disk). */
  async add(folder: string): Promise<void> {
    await this.addFolder.getByLabel('Folder').fill(folder);
    await this.addFolder.getByRole('button', { name: 'Add folder', exact: true }).click();
  }
  result(): Locator {
    return this.addFolder.getByTestId('add-folder-result');
  }
  error(): Locator {
    return this.addFolder.getByRole('alert');
  }
}
