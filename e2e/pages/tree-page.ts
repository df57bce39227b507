/** The sidebar tree, by its ARIA roles. */
import type { Locator, Page } from 'playwright-core';

export class TreePage {
  readonly tree: Locator;
  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: 'Conversations by workspace' });
  }
  items(): Locator {
    return this.tree.getByRole('treeitem');
  }
  /** A workspace, instance or date node by its label. */
  node(label: string): Locator {
    return this.tree.locator('[role="treeitem"]:not([data-kind="conversation"])').filter({ has: this.page.locator('.tree-label', { hasText: new RegExp(`^${escape(label)}$`) }) });
  }
  conversations(): Locator {
    return this.tree.locator('[role="treeitem"][data-kind="conversation"]');
  }
  conversation(title: string | RegExp): Locator {
    return this.conversations().filter({ hasText: title });
  }
  /** Conversation rows showing this conversation (a subagent can be listed twice: in its date and under its parent). */
  byId(id: string): Locator {
    return this.tree.locator(`[role="treeitem"][data-conversation-id="${id}"]`);
  }
  focused(): Locator {
    return this.tree.locator('[role="treeitem"]:focus');
  }
  async filterAgent(agent: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Filter by agent' }).selectOption(agent);
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
