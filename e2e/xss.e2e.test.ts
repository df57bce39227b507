/**
 * Transcript content is data, never code. The session file here is DERIVED FROM A REAL Claude
 * Code fixture (the minmax-bench KV-store run): the same file, with the text of its first
 * prompt replaced by markup that would run script if the app ever treated it as HTML.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../test/fixtures';
import { type App, startApp } from './harness';
import { ThreadPage } from './pages/thread-page';

const SESSION = '98ce4f1c-b235-4b7d-bc96-d6e13dba30d7';
const ID = `claude-code_${SESSION}`;
const PAYLOAD = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2"> [link](javascript:window.__xss=3)';

function findFixture(dir: string, name: string): string | undefined {
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) {
      const hit = findFixture(p, name);
      if (hit) return hit;
    } else if (entry === name) return p;
  }
  return undefined;
}

/** The real fixture with its first typed prompt replaced by the payload. */
function derivedSession(into: string): string {
  const source = findFixture(path.join(FIXTURES_DIR, 'claude-code'), `${SESSION}.jsonl`);
  if (!source) throw new Error(`fixture ${SESSION}.jsonl not found under ${FIXTURES_DIR}`);
  let replaced = false;
  const lines = readFileSync(source, 'utf8')
    .split('\n')
    .map((line) => {
      if (replaced || !line.trim()) return line;
      const record = JSON.parse(line) as { type?: string; message?: { content?: unknown } };
      if (record.type !== 'user' || typeof record.message?.content !== 'string') return line;
      record.message.content = PAYLOAD;
      replaced = true;
      return JSON.stringify(record);
    });
  if (!replaced) throw new Error('the fixture has no typed prompt to replace');
  const dir = path.join(into, 'projects', '-app');
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, `${SESSION}.jsonl`);
  writeFileSync(target, lines.join('\n'));
  return target;
}

let app: App;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'dejavu-xss-'));
  app = await startApp({ importPaths: [derivedSession(work)] });
});

afterAll(async () => {
  await app?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a hostile transcript', () => {
  it('renders markup as text and runs nothing', async () => {
    const page = app.page;
    const thread = new ThreadPage(page);
    await app.openConversation(ID);
    const prompt = page.locator('.thread-list [data-role="user"]').first();
    await prompt.waitFor();
    const text = (await prompt.textContent()) ?? '';
    expect(text).toContain('<script>window.__xss=1</script>');
    expect(text).toContain('<img src=x onerror="window.__xss=2">');
    expect(text).toContain('[link](javascript:window.__xss=3)');
    // Give anything that could run a moment to do so.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('#root script').count()).toBe(0);
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(await prompt.locator('a').count()).toBe(0);
    // The title in the header (from the same prompt) is text too.
    expect(await thread.title.locator('*').count()).toBe(0);
    // Clicking where the link would be does nothing either.
    await prompt.locator('.md-blocked').click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('shows it in search results as text', async () => {
    const page = app.page;
    await page.getByRole('searchbox', { name: 'Search conversations' }).fill('xss');
    await page.locator('.hits, .state-empty').first().waitFor();
    expect(await page.locator('.hits script, .hits img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  });

  it('reported no Content-Security-Policy violation (nothing even tried to load)', async () => {
    expect(await app.cspViolations()).toEqual([]);
  });
});
