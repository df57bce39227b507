/**
 * Activity in real Chromium against `dejavu serve` over the Claude Code and Codex fixtures:
 * totals that equal `dejavu usage`, charts drawn on canvas under the strict CSP, the costliest
 * conversation opening its thread; a screenshot for the README.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageReport } from '../shared/usage';
import { dejavu } from '../test/cli';
import { REPO_ROOT } from '../test/fixtures';
import { type App, startApp } from './harness';
import { ActivityPage } from './pages/activity-page';

let app: App;
let activity: ActivityPage;

beforeAll(async () => {
  app = await startApp();
  activity = new ActivityPage(app.page);
});

afterAll(async () => {
  await app?.close();
});

describe('Activity', () => {
  it('shows the same totals as `dejavu usage`, with the price table named and charts drawn', async () => {
    const zone = await app.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const cli = JSON.parse(dejavu(['usage', '--json'], { ...app.env, TZ: zone }).stdout) as UsageReport;
    await activity.open();
    const totals = activity.view.getByTestId('activity-totals');
    expect(await totals.textContent()).toContain(cli.total.tokens.total.toLocaleString('en-US'));
    expect(await activity.view.textContent()).toContain(`Prices: @pydantic/genai-prices ${cli.priceTable.version} (bundled, offline)`);
    expect(await activity.view.textContent()).toContain('No price for aide-gpt-5, gpt-5.3-codex-spark');
    for (const label of [/per day, stacked by agent/, /calendar of active days/]) {
      const chart = activity.chart(label);
      await chart.locator('canvas').first().waitFor();
      const box = await chart.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(100);
    }
    expect(await app.cspViolations()).toEqual([]);

    await activity.choice('Stack by').selectOption('model');
    await activity.choice('Period').selectOption('month');
    await activity.chart(/per month, stacked by model/).locator('canvas').first().waitFor();
    mkdirSync(path.join(REPO_ROOT, 'docs', 'screenshots'), { recursive: true });
    await app.page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'screenshots', 'activity.png') });
    expect(await app.cspViolations()).toEqual([]);
  });

  it('opens the most expensive conversation', async () => {
    await activity.open();
    const first = activity.costliest().first();
    const id = await first.getAttribute('title');
    expect(id).toBeTruthy();
    await first.click();
    await app.page.waitForSelector(`header[data-conversation-id="${id}"]`);
    expect(await activity.view.count()).toBe(0);
  });
});
