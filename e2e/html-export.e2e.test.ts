/**
 * The exported HTML page in a real Chromium: a real Claude Code session (one with an edit),
 * its first prompt holding markup that would run script if treated as HTML and a typed
 * database password. The page loads with nothing blocked by its own CSP and no request beyond
 * itself, the probes stay inert text, the password is masked, <details> fold and unfold with
 * scripts off, and the dark scheme follows the system. Screenshots go to docs/screenshots/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dejavu, dejavuJson } from '../test/cli';
import { FIXTURES_DIR, REPO_ROOT } from '../test/fixtures';
import { CHROMIUM } from './harness';

const FIXTURE = 'claude-code/FSM1__cipher-box/entire_checkpoints_v1/2e/fe8efde590/0/full.jsonl';
const PASSWORD = 'Vx7q2LmP9sKd';
const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror="window.__xss=2"> [link](javascript:window.__xss=3) <a href="javascript:window.__xss=4">a</a> db: postgres://app:${PASSWORD}@db.internal.example.com/prod`;
const SHOTS = path.join(REPO_ROOT, 'docs', 'screenshots');

/** The real session with the payload added to its first typed prompt. */
function derivedSession(dir: string): string {
  let done = false;
  const lines = readFileSync(path.join(FIXTURES_DIR, FIXTURE), 'utf8')
    .split('\n')
    .map((line) => {
      if (done || !line.trim()) return line;
      const record = JSON.parse(line) as { type?: string; message?: { content?: unknown } };
      if (record.type !== 'user' || typeof record.message?.content !== 'string' || record.message.content.startsWith('<')) return line;
      record.message.content = `${record.message.content}\n\n${PAYLOAD}`;
      done = true;
      return JSON.stringify(record);
    });
  expect(done).toBe(true);
  const file = path.join(dir, 'session', 'full.jsonl');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, lines.join('\n'));
  return file;
}

describe('HTML export in Chromium', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dejavu-html-'));
  const page = path.join(dir, 'export.html');
  let browser: Browser;

  beforeAll(async () => {
    const env = { DEJAVU_HOME: path.join(dir, 'archive') };
    expect(dejavu(['import', derivedSession(dir)], env).code).toBe(0);
    const [c] = dejavuJson<{ id: string; parentId?: string }[]>(['list'], env).filter((s) => !s.parentId);
    const exported = dejavu(['export', c.id, '--format', 'html', '-o', page], env);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('1 secret redacted (1 connection-string)');
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(options: { javaScriptEnabled: boolean; colorScheme: 'light' | 'dark' }) {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
    const p = await context.newPage();
    const requests: string[] = [];
    p.on('request', (r) => requests.push(r.url()));
    const violations: string[] = [];
    p.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await p.goto(pathToFileURL(page).href);
    return { context, page: p, requests, violations };
  }

  it('loads with nothing blocked, fetches nothing, and the probes stay inert text', async () => {
    const { context, page: p, requests, violations } = await open({ javaScriptEnabled: true, colorScheme: 'light' });
    try {
      expect(violations).toEqual([]);
      expect(requests).toEqual([pathToFileURL(page).href]);
      expect(await p.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await p.locator('script').count()).toBe(0);
      expect(await p.locator('main img, main a').count()).toBe(0);
      const prompt = p.locator('section.msg.user', { hasText: 'window.__xss=1' });
      expect(await prompt.innerText()).toContain('<script>window.__xss=1</script><img src=x onerror="window.__xss=2">');
      expect(await prompt.innerText()).toContain('db: [redacted: connection-string]');
      expect(await p.content()).not.toContain(PASSWORD);
      // The page's own styles applied (inline <style> and shiki's style attributes are allowed).
      expect(await p.evaluate(() => getComputedStyle(document.querySelector('main')!).maxWidth)).toBe('920px');
      expect(await p.locator('pre.shiki span[style*="--shiki-light"]').count()).toBeGreaterThan(0);
      expect(await p.locator('.diff .add').count()).toBeGreaterThan(0);
      await p.screenshot({ path: path.join(SHOTS, 'html-export.png') });
    } finally {
      await context.close();
    }
  });

  it('folds and unfolds tool calls with scripts off', async () => {
    const { context, page: p } = await open({ javaScriptEnabled: false, colorScheme: 'light' });
    try {
      const states = await p.locator('details.tool').evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open));
      const call = p.locator('details.tool').nth(states.indexOf(false));
      expect(await call.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
      await call.locator('summary').click();
      expect(await call.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      await call.locator('summary').click();
      expect(await call.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('follows the dark colour scheme', async () => {
    const { context, page: p } = await open({ javaScriptEnabled: false, colorScheme: 'dark' });
    try {
      expect(await p.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(13, 17, 23)');
      const token = p.locator('pre.shiki span[style*="--shiki-dark"]').first();
      const [color, dark] = await token.evaluate((el) => [getComputedStyle(el).color, el.style.getPropertyValue('--shiki-dark')]);
      expect(color).toBe(hexToRgb(dark));
      await p.screenshot({ path: path.join(SHOTS, 'html-export-dark.png') });
    } finally {
      await context.close();
    }
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.trim().slice(1, 7), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
