/**
 * A 10,000-message conversation opens and scrolls: only pages in view are fetched and only rows
 * in view are rendered. The thread is made for scale by repeating the turns of a real Codex
 * rollout (its session header once, the rest many times) — nothing in it is invented.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu } from '../test/cli';
import { provenanceFor } from '../test/provenance';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';

const MESSAGES = 10_000;

function longRollout(): string {
  const source = provenanceFor('codex').find((f) => f.n === 28)!;
  const lines = readFileSync(source.absPath, 'utf8').split('\n').filter(Boolean);
  const header = lines.filter((l) => l.includes('"type":"session_meta"')).slice(0, 1);
  const body = lines.filter((l) => !l.includes('"type":"session_meta"'));
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'dejavu-long-')), 'sessions');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, path.basename(path.dirname(source.absPath)) + '-long.jsonl');
  // Each copy of the body yields several hundred messages; 20 copies pass 10,000.
  writeFileSync(file, `${[...header, ...Array.from({ length: 20 }, () => body).flat()].join('\n')}\n`);
  return file;
}

describe('a 10,000-message conversation', () => {
  let app: App;
  let thread: ThreadPage;
  let id: string;
  let total: number;

  beforeAll(async () => {
    app = await startApp({ importPaths: [longRollout()] });
    thread = new ThreadPage(app.page);
    const listed = JSON.parse(dejavu(['list', '--json'], app.env).stdout) as { id: string; messageCount: number }[];
    expect(listed).toHaveLength(1);
    id = listed[0].id;
    total = listed[0].messageCount;
  }, 120_000);
  afterAll(() => app?.close());

  it('opens with only the first rows rendered', async () => {
    expect(total).toBeGreaterThanOrEqual(MESSAGES);
    await app.openConversation(id);
    await thread.message(0).waitFor({ timeout: 20_000 });
    expect(await app.page.locator('.thread-list [data-message-index]').count()).toBeLessThan(80);
  });

  it('scrolls to the middle and to the end, fetching those pages as they come into view', async () => {
    for (const fraction of [0.5, 1]) {
      const row = app.page.locator(`.row[data-index="${fraction === 1 ? total - 1 : Math.floor(total * fraction)}"]`);
      await expect
        .poll(
          async () => {
            await thread.scroller.evaluate((el, f) => el.scrollTo(0, f === 1 ? el.scrollHeight : el.scrollHeight * f), fraction);
            return (await row.count()) === 1 && (await row.locator('.msg-placeholder').count()) === 0;
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(await app.page.locator('.thread-list [data-message-index]').count()).toBeLessThan(80);
    }
  });
});
