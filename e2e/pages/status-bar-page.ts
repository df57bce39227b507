/** The status bar at the bottom of the window: totals, sync activity, background failures, Sync. */
import type { Locator, Page } from 'playwright-core';

export class StatusBarPage {
  readonly bar: Locator;
  readonly syncButton: Locator;
  constructor(readonly page: Page) {
    this.bar = page.getByRole('contentinfo', { name: 'Archive status' });
    this.syncButton = this.bar.getByRole('button', { name: 'Sync', exact: true });
  }
  /** What syncing is doing, or when it last ran. */
  activity(): Locator {
    return this.bar.getByRole('status');
  }
  /** The latest background failure. */
  failure(): Locator {
    return this.bar.locator('.status-failure').getByRole('alert');
  }
  earlierButton(): Locator {
    return this.bar.getByRole('button', { name: /earlier$/ });
  }
  earlierList(): Locator {
    return this.bar.getByRole('list', { name: 'Earlier background failures' });
  }
  dismissButton(): Locator {
    return this.bar.getByRole('button', { name: 'Dismiss' });
  }
  /**
   * From now on, every text the activity shows, with the app's state beside it (`ready` once
   * conversations are listed): a sync of a few MB is over before a poll would see its steps.
   */
  async recordActivity(): Promise<void> {
    await this.page.evaluate(() => {
      const seen: { text: string; state: string | null }[] = [];
      (window as unknown as { __activity: typeof seen }).__activity = seen;
      const note = () => {
        const text = document.querySelector('footer.status-bar [role="status"]')?.textContent ?? '';
        const state = document.querySelector('#root')?.getAttribute('data-app-state') ?? null;
        const last = seen.at(-1);
        if (!last || last.text !== text || last.state !== state) seen.push({ text, state });
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-app-state'] });
      note();
    });
  }
  recorded(): Promise<{ text: string; state: string | null }[]> {
    return this.page.evaluate(() => (window as unknown as { __activity: { text: string; state: string | null }[] }).__activity);
  }
}
