/**
 * The thread header says how a conversation relates to the one it came from, in real Chromium
 * against `dejavu serve`: a Codex fork built here (no real file has one) says "Forked from" its
 * parent, a real Claude Code subagent "Subagent of" its session, and a Hermes session that goes
 * on after a compression (a state.db built here) "Continues" the one before, which lists it
 * apart from its delegated subagent; the sidebar marks it so too.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, sessionMeta, turn, writeRollout } from '../test/codex-rollout';
import { FIXTURES_DIR } from '../test/fixtures';
import { CHAIN, writeCompressionChain } from '../test/hermes-store';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';
import { TreePage } from './pages/tree-page';

const PARENT = '019f6a10-0000-7000-8000-0000000e0001';
const FORK = '019f6a1f-0000-7000-8000-0000000e0002';
// d-kimuson's Claude Code session and one of its in-file sidechains (subagents).
const SESSION = 'claude-code_fe5e1c67-53e7-4862-81ae-d0e013e3270b';
const SUBAGENT = `${SESSION}.sidechain-60dade70-20bb-4edb-9dad-9f08267e0cc2`;

const { before: BEFORE, delegate: DELEGATE, after: AFTER } = CHAIN;


let app: App;
let thread: ThreadPage;
let tree: TreePage;

beforeAll(async () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'dejavu-relation-e2e-'));
  writeRollout(home, PARENT, '2026-10-05T14:00:00', envelope([['session_meta', sessionMeta(PARENT, '2026-10-05T14:00:00.000Z')], ...turn('turn-p1', 'Sketch the pricing page', 'Three tiers.')], '2026-10-05T14:00:00.000Z'));
  // A paginated fork (Codex 0.150+): its own session_meta naming the thread it was forked from, then its own turn.
  const fork = envelope([['session_meta', sessionMeta(FORK, '2026-10-05T15:00:00.000Z', { forked_from_id: PARENT })], ...turn('turn-f1', 'Try a dark theme instead', 'Dark tokens.')], '2026-10-05T15:00:00.000Z');
  writeRollout(home, FORK, '2026-10-05T15:00:00', fork);
  app = await startApp({ importPaths: [path.join(home, '.codex', 'sessions'), path.join(FIXTURES_DIR, 'claude-code'), writeCompressionChain(home)] });
  thread = new ThreadPage(app.page);
  tree = new TreePage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('the link to the parent conversation', () => {
  it('says "Forked from" its parent for a Codex fork, and opens the parent', async () => {
    await app.openConversation(`codex_${FORK}`);
    await app.page.waitForSelector(`header[data-conversation-id="codex_${FORK}"]`);
    const line = thread.header.locator('.thread-parent');
    await expect.poll(() => line.textContent()).toBe('↰ Forked from Sketch the pricing page');
    expect(await line.textContent()).not.toContain('Subagent');
    await thread.parentLink().click();
    await app.page.waitForSelector(`header[data-conversation-id="codex_${PARENT}"]`);
    // A fork is a conversation of its own: its parent does not list it as a subagent.
    expect(await thread.header.locator('details.subagents').count()).toBe(0);
  });

  it('says "Subagent of" its session for a real Claude Code subagent', async () => {
    await app.openConversation(SUBAGENT);
    await app.page.waitForSelector(`header[data-conversation-id="${SUBAGENT}"]`);
    const line = thread.header.locator('.thread-parent');
    await expect.poll(() => line.textContent()).toMatch(/^↰ Subagent of Thanks! Please update CLAUDE\.md/);
    await thread.parentLink().click();
    await app.page.waitForSelector(`header[data-conversation-id="${SESSION}"]`);
    expect(await thread.header.locator('details.subagents summary').textContent()).toBe('5 subagent conversations');
  });

  it('says "Continues" the session before for a Hermes continuation; that one lists it apart from its subagent', async () => {
    await app.openConversation(`hermes_${AFTER}`);
    await app.page.waitForSelector(`header[data-conversation-id="hermes_${AFTER}"]`);
    const line = thread.header.locator('.thread-parent');
    await expect.poll(() => line.textContent()).toBe('↰ Continues Fix the failing build');
    await thread.parentLink().click();
    await app.page.waitForSelector(`header[data-conversation-id="hermes_${BEFORE}"]`);
    const groups = thread.header.locator('details.subagents summary');
    await expect.poll(() => groups.allTextContents()).toEqual(['1 subagent conversation', 'Continued in a later conversation']);
    const later = thread.header.getByRole('list', { name: 'Continued in' }).getByRole('button');
    expect(await later.allTextContents()).toEqual(['↳ Fix the failing build #2']);
    expect(await thread.subagents().getAttribute('data-subagent-id')).toBe(`hermes_${DELEGATE}`);
  });

  it('marks the Hermes continuation "continues" in the sidebar, and its parent counts it apart from its subagent', async () => {
    await app.openConversation(`hermes_${AFTER}`);
    const row = tree.byId(`hermes_${AFTER}`).first();
    await row.waitFor();
    expect(await row.locator('.conv-sub').textContent()).toBe('↳ continues ');
    expect(await row.getAttribute('aria-label')).toContain('Continues an earlier conversation');
    const parent = tree.byId(`hermes_${BEFORE}`).first();
    await expect.poll(() => parent.locator('.conv-meta').textContent()).toContain('1 subagent · continued in 1');
    expect(await parent.locator('.conv-sub').count()).toBe(0);
  });
});

