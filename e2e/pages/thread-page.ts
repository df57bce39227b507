/** The open conversation: header, toolbar, messages. */
import type { Locator, Page } from 'playwright-core';

export class ThreadPage {
  readonly header: Locator;
  readonly title: Locator;
  readonly scroller: Locator;
  constructor(readonly page: Page) {
    this.header = page.locator('header.thread-header');
    this.title = page.getByRole('heading', { level: 1 });
    this.scroller = page.getByTestId('thread-scroll');
  }
  pinButton(): Locator {
    return this.header.getByRole('toolbar', { name: 'Conversation actions' }).getByRole('button', { name: /^(Pin|Unpin)$/ });
  }
  liveDot(): Locator {
    return this.header.getByTestId('live-dot');
  }
  retentionBanner(): Locator {
    return this.header.getByTestId('retention-banner');
  }
  rewriteBanner(): Locator {
    return this.header.getByTestId('rewrite-banner');
  }
  earlierRevisions(): Locator {
    return this.page.locator('.thread-list .msg-superseded');
  }
  /** Unfold the header's subagent list (folded when there are more than two). */
  async showSubagents(): Promise<void> {
    const list = this.header.locator('details.subagents');
    await list.waitFor();
    if ((await list.getAttribute('open')) === null) await list.locator('summary').click();
  }
  subagents(): Locator {
    return this.header.getByRole('list', { name: 'Subagent conversations' }).getByRole('button');
  }
  parentLink(): Locator {
    return this.header.locator('.thread-parent button');
  }
  exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export', exact: true });
  }
  message(index: number): Locator {
    return this.page.locator(`.thread-list [data-message-index="${index}"]`);
  }
  toolCall(name: string): Locator {
    return this.page.locator(`[data-part="tool_call"][data-tool="${name}"]`);
  }
  /** Open a compact tool call (one line until opened) and return it. */
  async openToolCall(call: Locator): Promise<Locator> {
    await call.waitFor();
    const head = call.locator('.tool-head');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await call.locator('.tool-body').waitFor();
    return call;
  }
  thinking(): Locator {
    return this.page.locator('details.part-thinking');
  }
  /** Scroll the list until `locator` is rendered (the list is virtualized). */
  async scrollUntil(locator: Locator, step = 700, maxSteps = 80): Promise<void> {
    for (let i = 0; i < maxSteps; i++) {
      if (await locator.count()) return;
      await this.scroller.evaluate((el, dy) => el.scrollBy(0, dy), step);
      await this.page.waitForTimeout(60);
    }
    throw new Error('not found while scrolling the thread');
  }
  /** Whether a rendered element is inside the visible part of the message list. */
  async inView(locator: Locator): Promise<boolean> {
    const box = await locator.boundingBox();
    const pane = await this.scroller.boundingBox();
    if (!box || !pane) return false;
    return box.y < pane.y + pane.height && box.y + Math.min(box.height, 40) > pane.y;
  }
}
