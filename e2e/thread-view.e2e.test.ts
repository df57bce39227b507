/**
 * A thread that reads well: tool calls are one line (tool, command or path, exit code) until
 * opened, Codex's wrapper lines become that chip instead of output, tools and thinking can be
 * hidden, and turns whose thinking was redacted show no stub.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../shared/record';
import { dejavuJson } from '../test/cli';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';

const CODEX = 'codex_019eef3d-abd1-72e1-ab99-dcdb259027c5'; // exec_command calls with Codex's wrapped output
const REDACTED = 'codex_019f03e0-321f-7eb2-83cc-b54ecd71be23'; // 176 reasoning parts, all encrypted (empty)
const KV = 'claude-code_98ce4f1c-b235-4b7d-bc96-d6e13dba30d7'; // Bash calls and a visible thinking block
const EDIT = { id: 'claude-code_be80e9bc-44fd-4e97-abd0-5d14c5d3e626', index: 57 }; // a Claude Edit

let app: App;
let thread: ThreadPage;

beforeAll(async () => {
  app = await startApp();
  thread = new ThreadPage(app.page);
}, 120_000);
afterAll(() => app?.close());

describe('tool calls', () => {
  it('are one line with the command and its exit code until opened; the wrapper lines are not output', async () => {
    await app.openConversation(CODEX);
    const call = thread.toolCall('exec_command').first();
    await call.waitFor();
    const head = call.getByRole('button', { expanded: false });
    expect(await head.textContent()).toContain('git fetch origin && git status --short --branch');
    expect(await head.locator('.chip').textContent()).toBe('exit 0');
    expect(await call.locator('.tool-body').count()).toBe(0);

    await head.click();
    const body = call.locator('.tool-body');
    await body.waitFor();
    const shown = await body.textContent();
    expect(shown).toContain('From https://github.com/EntityProcess/agentv');
    for (const wrapper of ['Chunk ID', 'Wall time', 'Process exited with code', 'Original token count']) expect(shown).not.toContain(wrapper);
  });

  it('wrap a long command instead of scrolling it sideways', async () => {
    await app.openConversation(CODEX);
    // A 156-character one-line rg command, the thread's 20th exec_command.
    const call = thread.toolCall('exec_command').filter({ hasText: 'rg -n "dashboard|web UI|webui|serve' });
    await thread.scrollUntil(call);
    const code = (await thread.openToolCall(call.first())).locator('.code-shell .code');
    const box = await code.evaluate((el) => ({ overflow: el.scrollWidth - el.clientWidth, height: el.getBoundingClientRect().height, line: parseFloat(getComputedStyle(el).lineHeight) }));
    expect(box.overflow).toBeLessThanOrEqual(0);
    expect(box.height).toBeGreaterThan(1.5 * box.line); // on more than one line
  });

  it('can be hidden with thinking, leaving prompts and answers', async () => {
    await app.openConversation(KV);
    await thread.toolCall('Bash').first().waitFor();
    await thread.thinking().first().waitFor();
    await app.page.getByRole('button', { name: 'Hide tools' }).click();
    await app.page.getByRole('button', { name: 'Hide thinking' }).click();
    await expect.poll(() => app.page.locator('[data-part="tool_call"], [data-part="tool_call_response"], details.part-thinking').count()).toBe(0);
    expect(await thread.message(0).count()).toBe(1);
    // The choice holds for the next conversation too, and can be undone.
    expect(await app.page.getByRole('button', { name: 'Hide tools' }).getAttribute('aria-pressed')).toBe('true');
    await app.page.getByRole('button', { name: 'Hide tools' }).click();
    await app.page.getByRole('button', { name: 'Hide thinking' }).click();
    await thread.toolCall('Bash').first().waitFor();
  });
});

describe('subagent calls', () => {
  it('show the brief as Markdown, the report below it, and open the subagent’s conversation', async () => {
    const parent = 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b';
    const child = `${parent}.sidechain-60dade70-20bb-4edb-9dad-9f08267e0cc2`;
    await app.openConversation(parent);
    const call = thread.toolCall('Task').first();
    await call.waitFor();
    expect(await call.locator('.tool-head').textContent()).toContain('Setup Next.js project');
    await thread.openToolCall(call);
    // The brief's numbered steps are a list, its `code` is code: Markdown, not a JSON string.
    expect(await call.locator('.subagent-prose').first().locator('ol li').count()).toBeGreaterThan(2);
    expect(await call.locator('.subagent-prose').first().locator('code').first().textContent()).toContain('npx create-next-app');
    expect(await call.textContent()).not.toContain('"subagent_type"');
    await call.getByRole('button', { name: /Open subagent/ }).click();
    await app.page.waitForSelector(`header[data-conversation-id="${child}"]`);
  });
});

describe('your prompts', () => {
  it('are listed as an outline to jump through, and Alt+↓/↑ move from one to the next', async () => {
    const id = 'claude-code_6113e919-67d3-417b-b525-c63700228d19';
    const record = dejavuJson<Conversation>(['show', id], app.env);
    const prompts = record.messages.flatMap((m, i) => (m.role === 'user' && m.parts.some((p) => p.type === 'text' && p.content.trim()) ? [i] : []));
    expect(prompts.length).toBeGreaterThan(3);
    await app.openConversation(id);
    await app.page.getByRole('button', { name: 'Prompts' }).click();
    const outline = app.page.getByRole('navigation', { name: 'Your prompts in this conversation' });
    await expect.poll(() => outline.getByRole('button').count()).toBe(prompts.length);

    await outline.getByRole('button').nth(2).click();
    await expect.poll(() => thread.inView(thread.message(prompts[2]))).toBe(true);
    await thread.scroller.focus();
    await app.page.keyboard.press('Alt+ArrowDown');
    await expect.poll(async () => (await thread.message(prompts[3]).count()) > 0 && thread.inView(thread.message(prompts[3]))).toBe(true);
    // Two presses before the view draws the first jump (sent in one task, as a quick double press
    // can land): the second moves on from the first's prompt. It once jumped to that prompt again.
    await thread.scroller.evaluate((el) => {
      for (let i = 0; i < 2; i += 1) el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', altKey: true, bubbles: true }));
    });
    await expect.poll(async () => (await thread.message(prompts[1]).count()) > 0 && thread.inView(thread.message(prompts[1]))).toBe(true);
  });
});

describe('redacted thinking', () => {
  it('shows no stub and no empty turn', async () => {
    await app.openConversation(REDACTED);
    await thread.scroller.evaluate((el) => el.scrollTo(0, 0));
    await thread.message(0).waitFor();
    for (let i = 0; i < 4; i++) {
      expect(await app.page.locator('.thread-list').textContent()).not.toMatch(/redacted/i);
      // Every rendered message has something in its body.
      const empty = await app.page.locator('.thread-list article.msg').evaluateAll((els) => els.filter((el) => !(el.querySelector('.msg-body')?.textContent ?? '').trim()).length);
      expect(empty).toBe(0);
      await thread.scroller.evaluate((el) => el.scrollBy(0, 3000));
      await app.page.waitForTimeout(150);
    }
  });
});

describe('a file an edit touched', () => {
  it('opens its per-file view: the conversations that touched it, as `dejavu files` lists them, each edit a diff that opens the thread there', async () => {
    await app.openConversation(EDIT.id, EDIT.index);
    const call = await thread.openToolCall(thread.message(EDIT.index).locator('[data-tool="Edit"]').first());
    const link = call.getByRole('button', { name: /^History of / });
    await link.waitFor();
    const file = (await link.getAttribute('title'))!;
    await link.click();
    const view = app.page.getByTestId('file-history');
    await view.getByRole('heading', { level: 1, name: file }).waitFor();
    const entries = view.getByRole('list', { name: 'Conversations that touched the file' }).locator(':scope > li');
    await entries.first().waitFor();
    const cli = dejavuJson<{ entries: { conversationId: string; diffs?: { messageIndex: number }[] }[] }>(['files', file, '--diffs'], app.env);
    expect(await entries.evaluateAll((els) => els.map((el) => el.getAttribute('data-conversation-id')))).toEqual(cli.entries.map((e) => e.conversationId));
    const mine = view.locator(`li[data-conversation-id="${EDIT.id}"]`);
    const edits = cli.entries.find((e) => e.conversationId === EDIT.id)!.diffs!;
    expect(edits.map((d) => d.messageIndex)).toContain(EDIT.index);
    expect(await mine.getByTestId('diff-view').count()).toBe(edits.length);
    const at = edits.findIndex((d) => d.messageIndex === EDIT.index);
    await mine.getByRole('button', { name: /open here$/ }).nth(at).click();
    await app.page.waitForSelector(`header[data-conversation-id="${EDIT.id}"]`);
    await thread.message(EDIT.index).waitFor();
    // The view settles on the message as the rows above it are measured (80, 250, 600 ms).
    await expect.poll(() => thread.inView(thread.message(EDIT.index))).toBe(true);
  });
});
