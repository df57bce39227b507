/**
 * The desktop shell as far as it can be proven without Electron's binary: the built main
 * bundle (out/main/index.js) runs under Node with a recording stand-in for Electron's API
 * (test/electron-shell/fake-electron.mjs, put in place of `electron` by a module hook), with a
 * real archive and a real sync behind it. What Electron itself does with these calls (the
 * sandbox, the real window, the OS tray) is not exercised here; see the README.
 */
import Database from 'better-sqlite3';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CHANNEL_NAMES, GIVE_UP_CHANNEL } from '../shared/channels';
import { type ChannelName, CHANNELS, contract } from '../shared/contract';
import { dejavu } from './cli';
import { FIXTURES_DIR, REPO_ROOT } from './fixtures';

const MAIN = path.join(REPO_ROOT, 'out', 'main', 'index.js');
const PRELOAD = path.join(REPO_ROOT, 'out', 'preload', 'index.cjs');
const REGISTER = path.join(REPO_ROOT, 'test', 'electron-shell', 'register.mjs');
const SESSION = path.join(FIXTURES_DIR, 'claude-code', 'entireio__cli', 'entire_checkpoints_v1', 'c9', '883595c929', '0', 'full.jsonl');
const SESSION_ID = '1b3e6441-62e3-4b41-8a0c-9d252f531f7a';

interface Logged {
  event: string;
  ms: number;
  [key: string]: unknown;
}

const asRoot = process.getuid?.() === 0;
const canDrop = !asRoot || spawnSync('setpriv', ['--version']).status === 0;

/** Runs the main bundle until `done` holds for its log (or 45 s), then ends it; returns the log. */
async function runMain(dir: string, argv: string[], done: (log: Logged[]) => boolean, options: { env?: Record<string, string>; asNobody?: boolean } = {}): Promise<{ log: Logged[]; stderr: string; exit: number | null }> {
  const logFile = path.join(dir, 'electron.log');
  const command = [process.execPath, '--import', REGISTER, MAIN, ...argv];
  const [cmd, ...args] = options.asNobody && asRoot ? ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups', ...command] : command;
  const child = spawn(cmd, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, FAKE_ELECTRON_LOG: logFile, FAKE_ELECTRON_USER_DATA: path.join(dir, 'user-data'), DEJAVU_HOME: path.join(dir, 'archive'), HOME: path.join(dir, 'home'), ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // The bundle appends a line at a time while this reads: a last line not ended yet is left for the next read.
  const read = (): Logged[] => (existsSync(logFile) ? completeLines(readFileSync(logFile, 'utf8')).map((l) => JSON.parse(l) as Logged) : []);
  const deadline = Date.now() + 45_000;
  while (child.exitCode === null && Date.now() < deadline && !done(read())) await new Promise((r) => setTimeout(r, 50));
  if (child.exitCode === null) child.kill('SIGKILL');
  const exit = await exited;
  return { log: read(), stderr, exit };
}

/** The lines of `text` that end with a newline, empty ones left out. */
function completeLines(text: string): string[] {
  return text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter(Boolean);
}

/** A work folder with a home holding one real Claude Code session, writable by whoever runs the bundle. */
function workDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-shell-'));
  const project = path.join(dir, 'home', '.claude', 'projects', '-work-project');
  mkdirSync(project, { recursive: true });
  copyFileSync(SESSION, path.join(project, `${SESSION_ID}.jsonl`));
  mkdirSync(path.join(dir, 'user-data'));
  return dir;
}

/** A JSON value of another type than `field` takes (under optional and nullable). */
function wrongTypeFor(field: z.ZodType): unknown {
  let def = field.def as { type: string; innerType?: z.ZodType };
  while ((def.type === 'optional' || def.type === 'nullable') && def.innerType) def = def.innerType.def as typeof def;
  return def.type === 'number' ? '12' : def.type === 'boolean' ? 'yes' : def.type === 'object' ? 'all' : 12345;
}

const trayMenus = (log: Logged[]) => log.filter((e) => e.event === 'Tray.setContextMenu').map((e) => e.items as { label?: string }[]);
const trayStatus = (log: Logged[]) => trayMenus(log).map((items) => items[0].label);
const synced = (log: Logged[]) => trayStatus(log).some((s) => s?.startsWith('Last sync'));
const labels = (items: { label?: string; type?: string; role?: string }[]) => items.map((i) => i.label ?? i.role ?? i.type);

describe('the desktop main bundle under a recording Electron', () => {
  it('starts as one instance with a locked-down window, every contract channel, the tray and the menu', async () => {
    const dir = workDir();
    const { log, stderr } = await runMain(dir, [], synced);
    expect(stderr).toBe('');
    const events = log.map((e) => e.event);
    // The single-instance lock is asked for before the app is ready, and granted: it goes on.
    expect(events.indexOf('app.requestSingleInstanceLock')).toBeLessThan(events.indexOf('app.whenReady'));
    expect(log.find((e) => e.event === 'app.requestSingleInstanceLock')?.granted).toBe(true);
    expect(log.filter((e) => e.event === 'app.on').map((e) => e.name)).toEqual(expect.arrayContaining(['second-instance', 'open-url', 'activate', 'before-quit']));
    expect(log.find((e) => e.event === 'app.setAsDefaultProtocolClient')?.args).toEqual(['dejavu']);

    const windows = log.filter((e) => e.event === 'new BrowserWindow');
    expect(windows).toHaveLength(1);
    const prefs = (windows[0].options as { webPreferences: Record<string, unknown> }).webPreferences;
    expect(prefs).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true });
    expect(prefs.preload).toBe(PRELOAD);
    expect(existsSync(PRELOAD)).toBe(true);
    expect(log.find((e) => e.event === 'BrowserWindow.loadFile')?.file).toBe(path.join(REPO_ROOT, 'out', 'renderer', 'index.html'));
    expect(existsSync(path.join(REPO_ROOT, 'out', 'renderer', 'index.html'))).toBe(true);
    expect(events).toContain('webContents.setWindowOpenHandler');

    // Every contract channel, each once, and nothing else.
    const handled = log.filter((e) => e.event === 'ipcMain.handle').map((e) => e.channel as string);
    expect([...handled].sort()).toEqual([...CHANNEL_NAMES].sort());
    // And the one-way message that gives a request up (a search typed past).
    expect(log.filter((e) => e.event === 'ipcMain.on').map((e) => e.channel)).toEqual([GIVE_UP_CHANNEL]);

    expect(log.find((e) => e.event === 'new Tray')?.icon).toBe(path.join(REPO_ROOT, 'build', 'icons', 'tray.png'));
    expect(existsSync(path.join(REPO_ROOT, 'build', 'icons', 'tray.png'))).toBe(true);
    expect(labels(trayMenus(log)[0])).toEqual(['Up to date', 'Sync Now', 'Open Déjà Vu', 'separator', 'Quit']);
    const menu = log.find((e) => e.event === 'Menu.setApplicationMenu')?.items as { label?: string; role?: string; submenu?: { label?: string; role?: string; type?: string }[] }[];
    expect(labels(menu)).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help']);
    expect(labels(menu[0].submenu!)).toEqual(['Export Thread to Markdown…', 'Export as HTML…', 'Sync Now', 'separator', 'Settings…', 'separator', 'quit']);
    expect(labels(menu[1].submenu!)).toContain('Find in Conversation…'); // Find lives under Edit

    // The first sync ran against the real archive and the tray says what it found.
    expect(trayStatus(log)).toContain('Last sync: 1 new, 0 updated');
    expect(existsSync(path.join(dir, 'archive', 'index.db'))).toBe(true);
  });

  it('syncs, and says so in the tray, on a machine with no agent folder yet', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-shell-empty-'));
    mkdirSync(path.join(dir, 'home'));
    mkdirSync(path.join(dir, 'user-data'));
    const { log, stderr } = await runMain(dir, [], synced);
    expect(stderr).toBe('');
    expect(trayStatus(log)).toContain('Last sync: 0 new, 0 updated');
  });

  it('quits at once, with no window, when another instance holds the lock', async () => {
    const dir = workDir();
    // Waits for the process to end by itself (it must, at once): no kill after `app.quit`.
    const { log, exit } = await runMain(dir, [], () => false, { env: { FAKE_ELECTRON_LOCK: 'taken' } });
    expect(log.find((e) => e.event === 'app.requestSingleInstanceLock')?.granted).toBe(false);
    expect(log.map((e) => e.event)).not.toContain('new BrowserWindow');
    expect(log.map((e) => e.event)).not.toContain('ipcMain.handle');
    expect(exit).toBe(0);
  });

  it('delivers a deep link given at a cold start once, after the renderer has loaded', async () => {
    const dir = workDir();
    const id = `claude-code_${SESSION_ID}`;
    const { log } = await runMain(dir, [`dejavu://conversation/${id}`], (l) => synced(l) && l.some((e) => e.event === 'renderer pulled'), { env: { FAKE_RENDERER_LOAD_MS: '1500' } });
    // Kept until the renderer listens, then handed over once: never pushed to a page still loading.
    const pushed = log.filter((e) => e.event === 'webContents.send' && e.channel === 'dejavu:command');
    expect(pushed).toEqual([]);
    const pulled = log.filter((e) => e.event === 'renderer pulled');
    expect(pulled).toHaveLength(1);
    expect(pulled[0].result).toEqual({ ok: true, value: [{ command: 'open-conversation', id }] });
    const loaded = log.find((e) => e.event === 'renderer loaded')!;
    expect(pulled[0].ms).toBeGreaterThanOrEqual(loaded.ms);
    expect(log.filter((e) => e.event === 'new BrowserWindow')).toHaveLength(1);
  });

  it('adds a folder the person picks in the folder dialog, and answers what the sync of it found', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-shell-folder-'));
    for (const d of ['home', 'user-data', 'kept']) mkdirSync(path.join(dir, d));
    // A copy of a session outside any agent home (a backup): found by its content.
    copyFileSync(SESSION, path.join(dir, 'kept', 'session.jsonl'));
    const invoked = (l: Logged[]) => l.some((e) => e.event === 'renderer invoked');
    const { log, stderr } = await runMain(dir, [], invoked, { env: { FAKE_OPEN_DIALOG_PATH: path.join(dir, 'kept'), FAKE_SCRIPT: JSON.stringify([{ invoke: 'dejavu:sync-folder' }]) } });
    expect(stderr).toBe('');
    const opened = log.filter((e) => e.event === 'dialog.showOpenDialog');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ parented: true, options: { title: 'Add a folder of agent sessions', properties: expect.arrayContaining(['openDirectory']) } });
    const answer = log.find((e) => e.event === 'renderer invoked')!.result as { ok: boolean; value: { folder: string; created: number; read: number; errors: unknown[] } };
    expect(answer).toMatchObject({ ok: true, value: { folder: path.join(dir, 'kept'), read: 1, created: 1, errors: [] } });
    const listed = JSON.parse(dejavu(['list', '--json'], { DEJAVU_HOME: path.join(dir, 'archive') }).stdout) as { id: string }[];
    expect(listed.map((c) => c.id)).toEqual([`claude-code_${SESSION_ID}`]);
  });

  it('enables File → Export only while a conversation is open, with shortcuts the platform leaves free; saves the window when it closes; dark background in a dark theme', async () => {
    const dir = workDir();
    const id = `claude-code_${SESSION_ID}`;
    const script = [{ invoke: 'dejavu:viewing', request: { id } }, { invoke: 'dejavu:viewing', request: { id: null } }, { window: 'close' }];
    const closed = (l: Logged[]) => l.some((e) => e.event === 'window close handled');
    const { log, stderr } = await runMain(dir, [], closed, { env: { FAKE_SCRIPT: JSON.stringify(script), FAKE_DARK_THEME: '1' } });
    expect(stderr).toBe('');
    const menu = log.find((e) => e.event === 'Menu.setApplicationMenu')?.items as { label?: string; role?: string; submenu?: { label?: string; role?: string; accelerator?: string; enabled?: boolean }[] }[];
    const item = (menuLabel: string, label: string) => menu.find((m) => m.label === menuLabel)!.submenu!.find((i) => i.label === label);
    // Disabled until the renderer says a conversation is open; not Cmd+E (macOS: Use Selection for Find).
    expect(item('File', 'Export Thread to Markdown…')).toMatchObject({ enabled: false, accelerator: 'CmdOrCtrl+Shift+E' });
    expect(item('File', 'Export as HTML…')).toMatchObject({ enabled: false, accelerator: 'CmdOrCtrl+Alt+E' });
    expect(item('File', 'Settings…')?.accelerator).toBe('CmdOrCtrl+,');
    expect(item('Edit', 'Find in Conversation…')?.accelerator).toBe('CmdOrCtrl+F');
    expect(menu.find((m) => m.role === 'help')!.submenu!.map((i) => i.role ?? i.label)).toContain('about'); // About off macOS too
    const toggles = log.filter((e) => e.event === 'MenuItem.enabled').map((e) => [e.id, e.enabled]);
    expect(toggles).toEqual([
      ['export-thread', true],
      ['export-thread-html', true],
      ['export-thread', false],
      ['export-thread-html', false],
    ]);
    // Written when the window closes, before it is destroyed (not after a debounce).
    expect(JSON.parse(readFileSync(path.join(dir, 'user-data', 'window-state.json'), 'utf8'))).toEqual({ x: 0, y: 0, width: 1280, height: 820, maximized: false });
    expect((log.find((e) => e.event === 'new BrowserWindow')?.options as { backgroundColor: string }).backgroundColor).toBe('#15171b');
  });

  it('shows a Sync Now that failed, from the tray and from the File menu, naming who holds the archive', async () => {
    const dir = workDir();
    const archive = path.join(dir, 'archive');
    const first = dejavu(['sync', '--source', path.join(dir, 'home')], { DEJAVU_HOME: archive });
    expect(first.code).toBe(0);
    // A `dejavu sync --watch` (this test's own pid, alive) holds the writer lock.
    writeFileSync(path.join(archive, 'sync.lock'), `${process.pid} 0123456789abcdef dejavu sync --watch`);
    const script = [{ click: 'tray', label: 'Sync Now' }, { click: 'app', label: 'Sync Now' }];
    const boxes = (l: Logged[]) => l.filter((e) => e.event === 'dialog.showErrorBox');
    const { log } = await runMain(dir, [], (l) => boxes(l).length >= 2, { env: { FAKE_SCRIPT: JSON.stringify(script) } });
    expect(log.filter((e) => e.event === 'clicked').map((e) => [e.menu, e.found])).toEqual([
      ['tray', true],
      ['app', true],
    ]);
    const shown = boxes(log);
    expect(shown).toHaveLength(2);
    for (const box of shown) {
      expect(box.title).toBe('Sync failed');
      expect(box.content).toBe(`dejavu sync --watch (pid ${process.pid}) is writing the archive ${archive}: it syncs by itself while it runs, so a sync here is not needed; to run this command anyway, stop it (Ctrl-C where it runs, or kill ${process.pid}) first`);
    }
    expect(trayStatus(log)).toContain('Last sync failed');
  });

  it('answers malformed requests on every registered IPC channel by its schema, runs none of them, and then serves a good one', async () => {
    const dir = workDir();
    const id = `claude-code_${SESSION_ID}`;
    // A valid request of each channel that needs fields; each case below spoils one thing of it.
    const valid: Partial<Record<ChannelName, Record<string, unknown>>> = {
      'dejavu:conversation': { id },
      'dejavu:messages': { id, offset: 0, limit: 10 },
      'dejavu:search': { query: 'release' },
      'dejavu:export': { id, format: 'md' },
      'dejavu:save-export': { id, format: 'md' },
      'dejavu:open-external': { url: 'https://example.com/' },
      'dejavu:pin': { id, pinned: true },
      'dejavu:set-retention': { settings: {} },
      'dejavu:evict': { dryRun: true },
      'dejavu:usage': { by: 'day' },
      'dejavu:files': { conversationId: id },
      'dejavu:set-privacy': { settings: {} },
      'dejavu:viewing': { id: null },
    };
    const HUGE = { $huge: 1_000_000 }; // a 1 MB string, made in the stand-in
    const cases: { channel: ChannelName; what: string; request: unknown; says: string }[] = [];
    for (const channel of CHANNELS) {
      const base = valid[channel] ?? {};
      expect(contract[channel].request.safeParse(base).success, `${channel}: the valid request`).toBe(true);
      for (const request of [null, 42, 'text', true, [1, 2]]) cases.push({ channel, what: `a ${JSON.stringify(request)} request`, request, says: 'request: ' });
      cases.push({ channel, what: 'an extra field', request: { ...base, zzbogus: 1 }, says: 'request: Unrecognized key: "zzbogus"' });
      const shape = (contract[channel].request as unknown as z.ZodObject).shape;
      if (Object.keys(base).length) cases.push({ channel, what: 'no fields', request: {}, says: '' });
      for (const [key, field] of Object.entries(shape)) {
        cases.push({ channel, what: `${key} of the wrong type`, request: { ...base, [key]: wrongTypeFor(field as z.ZodType) }, says: key });
        cases.push({ channel, what: `a 1 MB ${key}`, request: { ...base, [key]: HUGE }, says: key });
      }
    }
    // The good request waits for the first sync: asked before it has archived the session, it is rightly "not found".
    const script = [...cases.map((c) => ({ invoke: c.channel, request: c.request })), { waitForTray: 'Last sync' }, { invoke: 'dejavu:conversation', request: { id } }];
    const asks = script.filter((step) => 'invoke' in step).length;
    const answered = (l: Logged[]) => l.filter((e) => e.event === 'renderer invoked').length === asks;
    const { log, stderr } = await runMain(dir, [], (l) => answered(l) && synced(l), { env: { FAKE_SCRIPT: JSON.stringify(script) } });
    expect(stderr).toBe('');
    const results = log.filter((e) => e.event === 'renderer invoked').map((e) => e.result as { ok: boolean; error?: { code: string; message: string } });
    expect(results).toHaveLength(asks);
    expect(log.find((e) => e.event === 'waited for the tray')).toMatchObject({ found: true });
    cases.forEach((c, i) => {
      const where = `${c.channel}, ${c.what}`;
      expect(results[i].ok, where).toBe(false);
      expect(results[i].error?.code, where).toBe('invalid-request');
      expect(results[i].error?.message, where).toContain(c.says);
    });
    expect(cases.length).toBeGreaterThan(CHANNELS.length * 7);
    // None of them ran: nothing pinned, no window opened, no dialog, no sweep; and the next good request is served.
    const events = log.map((e) => e.event);
    for (const side of ['shell.openExternal', 'dialog.showSaveDialog', 'dialog.showOpenDialog']) expect(events, side).not.toContain(side);
    const index = new Database(path.join(dir, 'archive', 'index.db'), { readonly: true });
    expect(index.prepare('SELECT count(*) FROM conversations WHERE pinned = 1').pluck().get()).toBe(0);
    index.close();
    expect(results.at(-1)).toMatchObject({ ok: true, value: { summary: { id } } });
  });

  it('opens the window on a left click of the tray icon on Windows', async () => {
    const dir = workDir();
    const clicked = (l: Logged[]) => l.findIndex((e) => e.event === 'tray icon clicked');
    const shownAfterClick = (l: Logged[]) => clicked(l) >= 0 && l.slice(clicked(l)).some((e) => e.event === 'BrowserWindow.show');
    const { log } = await runMain(dir, [], shownAfterClick, { env: { FAKE_PLATFORM: 'win32', FAKE_SCRIPT: JSON.stringify([{ tray: 'click' }]) } });
    expect(log.filter((e) => e.event === 'Tray.on').map((e) => e.name)).toEqual(['click']);
    expect(shownAfterClick(log)).toBe(true);
  });

  it.skipIf(!canDrop)('reports a session file it could not read in the tray', async () => {
    const dir = workDir();
    const locked = path.join(dir, 'home', '.claude', 'projects', '-work-project', 'a0a0a0a0-0000-4000-8000-000000000000.jsonl');
    copyFileSync(SESSION, locked);
    chmodSync(locked, 0o000);
    if (asRoot) for (const p of [dir, path.join(dir, 'user-data'), path.join(dir, 'home'), path.join(dir, 'home', '.claude'), path.join(dir, 'home', '.claude', 'projects'), path.join(dir, 'home', '.claude', 'projects', '-work-project')]) chownSync(p, 65534, 65534);
    chmodSync(dir, 0o755);
    const { log } = await runMain(dir, [], synced, { asNobody: true });
    expect(trayStatus(log)).toContain('Last sync: 1 new, 0 updated, 1 unreadable');
    const finished = log.find((e) => e.event === 'webContents.send' && e.channel === 'dejavu:sync-progress' && 'finished' in (e.payload as object));
    expect((finished?.payload as { finished: { errors: { path: string; message: string }[] } }).finished.errors).toEqual([{ path: locked, message: expect.stringMatching(/EACCES|permission denied/) }]);
  });
});

describe('the built preload', () => {
  it('is CommonJS that requires only electron and exposes exactly the contract channels', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dejavu-preload-'));
    const logFile = path.join(dir, 'preload.log');
    // `require` it as CommonJS: an ES module preload would not load in a sandboxed renderer.
    const r = spawnSync(process.execPath, ['--import', REGISTER, '--input-type=commonjs', '-e', `require(${JSON.stringify(PRELOAD)})`], { env: { ...process.env, FAKE_ELECTRON_LOG: logFile }, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const log = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Logged);
    const fromPreload = log.filter((e) => e.event === 'resolve' && String(e.parent).endsWith('/out/preload/index.cjs')).map((e) => e.specifier);
    expect(fromPreload).toEqual(['electron']);
    const exposed = log.find((e) => e.event === 'contextBridge.exposeInMainWorld')!;
    expect(exposed.key).toBe('dejavu');
    expect([...(exposed.invoke as string[])].sort()).toEqual([...CHANNEL_NAMES].sort());
    expect(exposed.frozen).toBe(true);
    expect(exposed.giveUp).toBe('function'); // a request the renderer no longer wants (shared/bridge.ts)
  });
});
