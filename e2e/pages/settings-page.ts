/** Settings → Storage: opened by the gear in the sidebar, closed by Escape. */
import type { Locator, Page } from 'playwright-core';

export class SettingsPage {
  readonly view: Locator;
  readonly gear: Locator;
  constructor(readonly page: Page) {
    this.view = page.getByTestId('settings-view');
    this.gear = page.getByRole('button', { name: 'Storage settings' });
  }
  async open(): Promise<void> {
    if (await this.view.count()) return;
    await this.gear.click();
    await this.view.getByRole('form', { name: 'Storage settings' }).waitFor();
  }
  field(label: string): Locator {
    return this.view.getByLabel(label, { exact: true });
  }
  save(): Locator {
    return this.view.getByRole('button', { name: 'Save', exact: true });
  }
  meter(): Locator {
    return this.view.getByRole('meter');
  }
  stageCount(label: string): Locator {
    return this.view.locator('.stage-count').filter({ has: this.page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  }
  preview(): Locator {
    return this.view.getByTestId('eviction-preview');
  }
  /** The read-only line about the last `dejavu verify`. */
  integrityLine(): Locator {
    return this.view.getByTestId('integrity-line');
  }
  /** Settings → Agents: the drift census. */
  census(): Locator {
    return this.view.getByTestId('agent-census');
  }
  ledgerRows(): Locator {
    return this.view.getByRole('table', { name: 'Eviction ledger' }).locator('tbody tr');
  }
}
