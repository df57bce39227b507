/**
 * One real Déjà Vu per test file: a fresh archive built by the real CLI from the real
 * fixtures, `dejavu serve` as a child process, and headless Chromium pointed at it.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { dejavu, dejavuAsync } from '../test/cli';
import { FIXTURES_DIR } from '../test/fixtures';

export const CHROMIUM = process.env.DEJAVU_CHROMIUM ?? '/usr/bin/chromium';

export interface App {
  readonly page: Page;
  readonly context: BrowserContext;
  readonly browser: Browser;
  /** The URL `dejavu serve` printed (token included). */
  readonly url: string;
  /** Origin of the server, for navigating once the token cookie is set. */
  readonly origin: string;
  readonly env: Record<string, string>;
  readonly home: string;
  /** Content-Security-Policy violations the page reported. */
  cspViolations(): Promise<string[]>;
  /** Open a conversation (and message) by its address. */
  openConversation(id: string, messageIndex?: number): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  /** Files or folders to import; default: the Claude Code and Codex fixtures. */
  readonly importPaths?: readonly string[];
  readonly colorScheme?: 'light' | 'dark';
  /** The browser's IANA time zone (default: the machine's). */
  readonly timezoneId?: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Runs against the archive after the import and before the server starts (real CLI commands). */
  readonly prepare?: (env: Record<string, string>) => void;
  /** `dejavu serve` flags besides `--port 0`; default `--no-sync` (deterministic: only the import). */
  readonly serveArgs?: readonly string[];
  /** Extra environment for the CLI and the server (say, a temporary HOME). */
  readonly env?: Readonly<Record<string, string>>;
}

export const DEFAULT_IMPORTS = [path.join(FIXTURES_DIR, 'claude-code'), path.join(FIXTURES_DIR, 'codex')];

export async function startApp(options: AppOptions = {}): Promise<App> {
  const home = mkdtempSync(path.join(tmpdir(), 'dejavu-e2e-'));
  // The machine's own agent homes never leak into a test (a sync, the Settings census): an empty HOME unless one is given.
  const emptyHome = mkdtempSync(path.join(tmpdir(), 'dejavu-e2e-home-'));
  const env = { HOME: emptyHome, USERPROFILE: emptyHome, ...options.env, DEJAVU_HOME: home };
  const imports = options.importPaths ?? DEFAULT_IMPORTS;
  if (imports.length) {
    const imported = dejavu(['import', ...imports], env);
    if (imported.code !== 0) throw new Error(`dejavu import failed (${imported.code}): ${imported.stderr}`);
  }
  options.prepare?.(env);

  const server = dejavuAsync(['serve', '--port', '0', ...(options.serveArgs ?? ['--no-sync'])], env) as unknown as ChildProcessWithoutNullStreams;
  const url = await firstLine(server);
  const origin = new URL(url).origin;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1440, height: 900 },
      colorScheme: options.colorScheme ?? 'light',
      acceptDownloads: true,
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    const page = await context.newPage();
    // Runs before any page script (and outside the page's CSP): records every violation.
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(url);
    // An empty archive is ready too: it shows the first-run view.
    await page.waitForSelector('#root[data-app-state="ready"], #root[data-app-state="empty"]', { timeout: 20_000 });
    const b = browser;
    return {
      page,
      context,
      browser: b,
      url,
      origin,
      env,
      home,
      cspViolations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? []),
      async openConversation(id, messageIndex) {
        const hash = new URLSearchParams({ c: id, ...(messageIndex !== undefined ? { m: String(messageIndex) } : {}) }).toString();
        await page.evaluate((h) => {
          location.hash = h;
        }, hash);
        await page.waitForSelector(`header[data-conversation-id="${id}"]`);
      },
      async close() {
        await b.close().catch(() => undefined);
        await stop(server);
        for (const dir of [home, emptyHome]) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await browser?.close().catch(() => undefined);
    await stop(server);
    for (const dir of [home, emptyHome]) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

function firstLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const rl = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`dejavu serve printed no URL: ${stderr}`)), 20_000);
    rl.once('line', (line) => {
      clearTimeout(timer);
      resolve(line.trim());
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dejavu serve exited (${code}): ${stderr}`));
    });
  });
}

async function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 3_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
