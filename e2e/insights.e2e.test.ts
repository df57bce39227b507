/**
 * Plans and Timeline in real Chromium against `dejavu serve` over the Claude Code and Codex
 * fixtures: the same plans and entries as the CLI, a plan shown as Markdown that opens the
 * conversation at the message that made it, a repository's timeline filtered by branch;
 * screenshots for the README.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlansAnswer } from '../shared/plans';
import type { TimelineAnswer } from '../shared/timeline';
import { dejavu } from '../test/cli';
import { REPO_ROOT } from '../test/fixtures';
import { type App, startApp } from './harness';
import { PlansPage, TimelinePage } from './pages/insights-page';

let app: App;
const shots = path.join(REPO_ROOT, 'docs', 'screenshots');

beforeAll(async () => {
  app = await startApp();
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await app?.close();
});

describe('Plans', () => {
  it('lists what `dejavu plans` lists, finds by words, shows the plan and opens the message that made it', async () => {
    const cli = JSON.parse(dejavu(['plans', '--json'], app.env).stdout) as PlansAnswer;
    const plans = new PlansPage(app.page);
    await plans.open();
    await expect.poll(() => plans.items().count()).toBe(cli.plans.length);
    await plans.search().fill('attribution calculation');
    await expect.poll(() => plans.items().count()).toBe(JSON.parse(dejavu(['plans', 'attribution', 'calculation', '--json'], app.env).stdout).plans.length);
    await plans.items().filter({ hasText: 'Implementation Plan: Initial Attribution' }).click();
    const detail = plans.detail();
    await detail.getByRole('heading', { name: 'Implementation Plan: Initial Attribution Calculation for Manual-Commit' }).waitFor();
    expect(await detail.textContent()).toContain('/Users/soph/.claude/plans/curious-noodling-sloth.md');
    expect(await plans.uses().count()).toBe(2);
    await app.page.screenshot({ path: path.join(shots, 'plans.png') });
    expect(await app.cspViolations()).toEqual([]);
    await plans.uses().filter({ hasText: 'ExitPlanMode' }).click();
    await app.page.waitForSelector('header[data-conversation-id="claude-code_6113e919-67d3-417b-b525-c63700228d19"]');
    expect(app.page.url()).toContain('m=102');
    expect(await plans.view.count()).toBe(0);
  });
});

describe('Timeline', () => {
  it('shows a repository’s conversations across agents as `dejavu timeline` does, and filters by branch', async () => {
    const root = '/home/entity/projects/EntityProcess/agentv';
    const zone = await app.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const cli = JSON.parse(dejavu(['timeline', root, '--json'], { ...app.env, TZ: zone }).stdout) as TimelineAnswer;
    expect(cli.entries.length).toBeGreaterThan(2);
    const tl = new TimelinePage(app.page);
    await tl.open();
    await tl.choice('Repository').selectOption(root);
    await expect.poll(() => tl.entries().count()).toBe(cli.entries.length);
    // Newest first in the app: the CLI's last entry is the first one shown.
    expect(await tl.entries().first().getAttribute('title')).toBe(cli.entries[cli.entries.length - 1].conversationId);
    expect(await tl.view.getByTestId('timeline-totals').textContent()).toContain(`${cli.entries.length} conversation(s) · ${cli.totals.tokens.toLocaleString('en-US')} tokens`);
    await app.page.screenshot({ path: path.join(shots, 'timeline.png') });
    const onMain = cli.entries.filter((e) => e.branch === 'main').length;
    await tl.choice('Branch').selectOption('main');
    await expect.poll(() => tl.entries().count()).toBe(onMain);
    expect(await app.cspViolations()).toEqual([]);
    const first = tl.entries().first();
    const id = await first.getAttribute('title');
    await first.click();
    await app.page.waitForSelector(`header[data-conversation-id="${id}"]`);
  });
});
