/** Find in this conversation (Ctrl/Cmd+F) and the occurrences it paints. */
import type { Locator, Page } from 'playwright-core';

export interface PaintedOccurrence {
  readonly text: string;
  readonly top: number;
  readonly bottom: number;
}

export class FindBar {
  readonly bar: Locator;
  readonly input: Locator;
  readonly count: Locator;
  constructor(readonly page: Page) {
    this.bar = page.getByRole('search', { name: 'Find in this conversation' });
    this.input = this.bar.getByRole('searchbox', { name: 'Find in this conversation' });
    this.count = this.bar.getByRole('status');
  }
  async open(): Promise<void> {
    await this.page.getByTestId('thread-scroll').focus();
    await this.page.keyboard.press('Control+f');
    await this.input.waitFor();
  }
  /** The occurrence painted as current (CSS Custom Highlight API), with its place on screen. */
  current(): Promise<PaintedOccurrence | null> {
    return this.page.evaluate(() => {
      const h = CSS.highlights.get('dejavu-find-current');
      const r = h ? ([...h][0] as Range | undefined) : undefined;
      if (!r) return null;
      const box = r.getBoundingClientRect();
      return { text: r.toString(), top: box.top, bottom: box.bottom };
    });
  }
  /** How many occurrences are painted in the rows now rendered. */
  painted(): Promise<number> {
    return this.page.evaluate(() => CSS.highlights.get('dejavu-find')?.size ?? 0);
  }
}
