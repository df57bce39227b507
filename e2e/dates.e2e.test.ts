/**
 * Days are the person's local days: a browser in Los Angeles files an evening conversation under
 * that evening, not under the next UTC day, and its search dates begin at local midnight. A
 * conversation whose records carry no time is filed by its source file's time, never as the
 * newest thing in the archive.
 */
import { cpSync, mkdtempSync, readdirSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavuJson } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { SearchPage } from './pages/search-page';
import { TreePage } from './pages/tree-page';

/** 2026-01-13T00:00:39Z: 4:00 PM on Monday, January 12 in Los Angeles. */
const EVENING_START = '2026-01-13T00:00:39.236Z';
/** The file time given to a Kimi session whose records carry no time. */
const OLD_FILE_TIME = new Date('2025-01-02T20:00:00Z');

/** A real Kimi session (its records have no timestamps), copied with an old file time. */
function oldKimiSession(): string {
  const source = path.join(FIXTURES_DIR, 'kimi-cli', 'MoonshotAI__kimi-cli', 'outputs', 'scikit-learn__scikit-learn-26323', '20251030-164452');
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'dejavu-kimi-')), '20251030-164452');
  cpSync(source, dir, { recursive: true });
  const touch = (p: string) => {
    if (statSync(p).isDirectory()) for (const e of readdirSync(p)) touch(path.join(p, e));
    utimesSync(p, OLD_FILE_TIME, OLD_FILE_TIME);
  };
  touch(dir);
  return dir;
}

interface Listed {
  id: string;
  title?: string;
  startedAt?: string;
  endedAt?: string;
  parentId?: string;
  agent: string;
  workspace: string;
}

describe('dates in the person’s time zone (America/Los_Angeles)', () => {
  let app: App;
  let tree: TreePage;
  let listed: Listed[];
  let evening: Listed;

  beforeAll(async () => {
    app = await startApp({ importPaths: [path.join(FIXTURES_DIR, 'claude-code'), oldKimiSession()], timezoneId: 'America/Los_Angeles' });
    tree = new TreePage(app.page);
    listed = dejavuJson<Listed[]>(['list'], app.env);
    evening = listed.find((c) => c.startedAt === EVENING_START)!;
    expect(evening).toBeDefined();
  }, 120_000);
  afterAll(() => app?.close());

  it('files a session without times by its file time: not newest in Recent, under that day in the tree', async () => {
    const kimi = listed.find((c) => c.agent === 'kimi-cli' && !c.parentId)!;
    expect(kimi.startedAt).toBeUndefined();
    const recent = app.page.locator('.recent .recent-title');
    await recent.first().waitFor();
    const newest = listed.filter((c) => !c.parentId && c.startedAt).sort((a, b) => b.startedAt!.localeCompare(a.startedAt!))[0];
    expect(await recent.first().textContent()).toBe(newest.title);
    // Recent lists only conversations the person started, not subagents.
    const recentTitles = await recent.allTextContents();
    for (const c of listed.filter((l) => l.parentId)) expect(recentTitles).not.toContain(c.title);

    await tree.node(kimi.workspace).click();
    await tree.node('Thu, Jan 2, 2025').waitFor();
    expect(await tree.node('Undated').count()).toBe(0);
  });

  it('files a 4 PM conversation under its local day, not the next UTC day', async () => {
    await app.openConversation(evening.id);
    const row = tree.byId(evening.id).first();
    await row.waitFor();
    // The date row the conversation sits under: the nearest date row above it.
    const dateLabel = await row.evaluate((el) => {
      let at = el.previousElementSibling;
      while (at && at.getAttribute('data-kind') !== 'date') at = at.previousElementSibling;
      return at?.querySelector('.tree-label')?.textContent;
    });
    expect(dateLabel).toBe('Mon, Jan 12, 2026');
    expect(await row.locator('.conv-meta').textContent()).toContain('04:00 PM');
  });

  it('says "Today" by the local day, not the UTC one', async () => {
    // 23:30 UTC on January 12 is 3:30 PM on January 12 in Los Angeles: the conversation that
    // starts half an hour later (00:00 UTC on the 13th) is today's, though the UTC days differ.
    await app.page.clock.setFixedTime(new Date('2026-01-12T23:30:00Z'));
    await app.page.reload();
    await app.page.waitForSelector('#root[data-app-state="ready"]');
    await app.openConversation(evening.id);
    const row = tree.byId(evening.id).first();
    await row.waitFor();
    const dateLabel = await row.evaluate((el) => {
      let at = el.previousElementSibling;
      while (at && at.getAttribute('data-kind') !== 'date') at = at.previousElementSibling;
      return at?.querySelector('.tree-label')?.textContent;
    });
    expect(dateLabel).toBe('Today');
  });

  it('reads after:/before: dates from local midnight', async () => {
    const search = new SearchPage(app.page);
    await search.search('after:2026-01-12 before:2026-01-13');
    const titles = await search.titles();
    expect(titles).toContain(evening.title);
    await search.clear();
  });
});
