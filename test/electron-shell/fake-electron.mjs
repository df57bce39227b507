// A recording stand-in for Electron's main-process API, loaded in place of `electron` by
// register.mjs: every call the app makes is appended to $FAKE_ELECTRON_LOG as one JSON line
// (appended synchronously, so the log survives the process being killed). The window "loads"
// its page after $FAKE_RENDERER_LOAD_MS, as a renderer that has not yet subscribed to events.
import { appendFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import os from 'node:os';

const started = Date.now();
const log = (event, data = {}) => appendFileSync(process.env.FAKE_ELECTRON_LOG, `${JSON.stringify({ event, ms: Date.now() - started, ...data })}\n`);

/** A menu template as data: labels, roles, separators, enabled flags and submenus (click handlers dropped). */
const describe = (items) =>
  items.map((i) => ({
    ...(i.label !== undefined ? { label: i.label } : {}),
    ...(i.role ? { role: i.role } : {}),
    ...(i.type ? { type: i.type } : {}),
    ...(i.enabled === false ? { enabled: false } : {}),
    ...(i.accelerator ? { accelerator: i.accelerator } : {}),
    ...(typeof i.click === 'function' ? { clickable: true } : {}),
    ...(Array.isArray(i.submenu) ? { submenu: describe(i.submenu) } : {}),
  }));

class FakeApp extends EventEmitter {
  isPackaged = false;
  commandLine = { appendSwitch: (name, value) => log('app.commandLine.appendSwitch', { name, value }) };
  #ready = false;
  requestSingleInstanceLock() {
    const granted = process.env.FAKE_ELECTRON_LOCK !== 'taken';
    log('app.requestSingleInstanceLock', { granted });
    return granted;
  }
  quit() {
    log('app.quit');
    setImmediate(() => process.exit(0));
  }
  whenReady() {
    log('app.whenReady');
    // Electron's own loop keeps the main process alive until it quits.
    setInterval(() => undefined, 1 << 30);
    return new Promise((resolve) =>
      setTimeout(() => {
        this.#ready = true;
        resolve();
      }, 20),
    );
  }
  isReady() {
    return this.#ready;
  }
  setAsDefaultProtocolClient(...args) {
    log('app.setAsDefaultProtocolClient', { args });
    return true;
  }
  getPath(name) {
    return process.env.FAKE_ELECTRON_USER_DATA ?? os.tmpdir() + '/' + name;
  }
  on(event, listener) {
    log('app.on', { name: event });
    return super.on(event, listener);
  }
}

export const app = new FakeApp();

class FakeWebContents extends EventEmitter {
  #loading = true;
  #url = '';
  isLoading() {
    return this.#loading;
  }
  getURL() {
    return this.#url;
  }
  send(channel, payload) {
    log('webContents.send', { channel, payload, rendererLoaded: !this.#loading });
  }
  setWindowOpenHandler() {
    log('webContents.setWindowOpenHandler');
  }
  _load(url) {
    setTimeout(() => {
      this.#loading = false;
      this.#url = url;
      log('renderer loaded', { url });
      this.emit('did-finish-load');
      // The renderer, once listening, asks for the commands that came before it (a launch link).
      const pull = handlers.get('dejavu:pending-commands');
      if (pull) void Promise.resolve(pull({ sender: this, senderFrame: { url } }, {})).then((result) => log('renderer pulled', { channel: 'dejavu:pending-commands', result }));
      if (process.env.FAKE_SCRIPT) void play(JSON.parse(process.env.FAKE_SCRIPT), { sender: this, senderFrame: { url } });
    }, Number(process.env.FAKE_RENDERER_LOAD_MS ?? 300));
  }
}

/**
 * $FAKE_SCRIPT: what the person then does, in order: `{ invoke, request }` is a request the
 * renderer makes (its answer logged as 'renderer invoked'; `request` may be any JSON value, `{}`
 * when absent); `{ click: 'app' | 'tray', label }`
 * clicks that menu item (logged as 'clicked'); `{ tray: 'click' }` is a left click on the tray
 * icon; `{ window: 'close' }` closes the window; `{ waitForTray: text }` waits (up to 60 s) until the
 * tray menu's first line starts with `text` (e.g. the first sync has ended).
 */
async function play(steps, event) {
  for (const step of steps) {
    if (step.waitForTray) {
      const shown = () => Boolean(trayMenu?.template?.[0]?.label?.startsWith(step.waitForTray));
      const until = Date.now() + 60_000;
      while (!shown() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      log('waited for the tray', { text: step.waitForTray, found: shown() });
    } else if (step.invoke) {
      const result = await handlers.get(step.invoke)?.(event, 'request' in step ? expand(step.request) : {});
      log('renderer invoked', { channel: step.invoke, result });
    } else if (step.window === 'close') {
      // The person closes the window: Electron emits 'close', then destroys it.
      log('window closing');
      windows.at(-1)?.emit('close', { preventDefault: () => undefined });
      log('window close handled'); // what the app does on 'close' (saving the window) is done by now
    } else if (step.tray === 'click') {
      log('tray icon clicked');
      trays.at(-1)?.emit('click');
    } else if (step.click) {
      const item = findItem(step.click === 'tray' ? trayMenu?.template : appMenu?.template, step.label);
      log('clicked', { menu: step.click, label: step.label, found: Boolean(item?.click) });
      item?.click?.();
    }
  }
}

/** `{ $huge: n }` in a scripted request stands for a string of n characters (too long to pass in the environment). */
function expand(v) {
  if (v === null || typeof v !== 'object') return v;
  if (typeof v.$huge === 'number') return 'x'.repeat(v.$huge);
  return Array.isArray(v) ? v.map(expand) : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expand(x)]));
}

function findItem(template, label) {
  for (const item of template ?? []) {
    if (item.label === label) return item;
    const inner = Array.isArray(item.submenu) ? findItem(item.submenu, label) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

const windows = [];
export class BrowserWindow extends EventEmitter {
  webContents = new FakeWebContents();
  constructor(options) {
    super();
    windows.push(this);
    log('new BrowserWindow', { options });
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 820 };
  }
  restore() {}
  maximize() {}
  show() {
    log('BrowserWindow.show');
  }
  focus() {}
  loadFile(file) {
    log('BrowserWindow.loadFile', { file });
    this.webContents._load(`file://${file}`);
    return Promise.resolve();
  }
  loadURL(url) {
    log('BrowserWindow.loadURL', { url });
    this.webContents._load(url);
    return Promise.resolve();
  }
}

const handlers = new Map();
export const ipcMain = {
  handle: (channel, fn) => {
    handlers.set(channel, fn);
    log('ipcMain.handle', { channel });
  },
  on: (channel) => log('ipcMain.on', { channel }),
};

/** A built menu: its items as data (logged), its template (for scripted clicks), items by id whose `enabled` is logged when set. */
function builtMenu(template) {
  return {
    items: describe(template),
    template,
    getMenuItemById(id) {
      const item = findById(template, id);
      if (!item) return null;
      return {
        get enabled() {
          return item.enabled !== false;
        },
        set enabled(value) {
          item.enabled = value;
          log('MenuItem.enabled', { id, enabled: value });
        },
      };
    },
  };
}

function findById(template, id) {
  for (const item of template ?? []) {
    if (item.id === id) return item;
    const inner = Array.isArray(item.submenu) ? findById(item.submenu, id) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export const Menu = {
  buildFromTemplate: (template) => builtMenu(template),
  setApplicationMenu: (menu) => {
    appMenu = menu;
    log('Menu.setApplicationMenu', { items: menu.items });
  },
  getApplicationMenu: () => appMenu,
};
let appMenu = null;

let trayMenu = null;
const trays = [];
export class Tray extends EventEmitter {
  constructor(icon) {
    super();
    trays.push(this);
    log('new Tray', { icon: icon.path });
  }
  on(event, listener) {
    log('Tray.on', { name: event });
    return super.on(event, listener);
  }
  setToolTip(text) {
    log('Tray.setToolTip', { text });
  }
  setContextMenu(menu) {
    trayMenu = menu;
    log('Tray.setContextMenu', { items: menu.items });
  }
}

export const nativeImage = {
  createFromPath: (p) => {
    // $FAKE_PLATFORM: the platform the shell believes it runs on from its tray icon on (say, win32
    // for the tray's left click). Not earlier: native modules pick their binary by the real one.
    if (process.env.FAKE_PLATFORM) Object.defineProperty(process, 'platform', { value: process.env.FAKE_PLATFORM });
    return { path: p };
  },
};
export const screen = { getAllDisplays: () => [{ bounds: { x: 0, y: 0, width: 1920, height: 1080 } }] };
export const dialog = {
  showSaveDialog: async () => (log('dialog.showSaveDialog'), { canceled: true }),
  // Cancelled, unless $FAKE_OPEN_DIALOG_PATH is what the person picks.
  showOpenDialog: async (...args) => {
    const options = args.at(-1);
    log('dialog.showOpenDialog', { options, parented: args.length > 1 });
    const picked = process.env.FAKE_OPEN_DIALOG_PATH;
    return picked ? { canceled: false, filePaths: [picked] } : { canceled: true, filePaths: [] };
  },
  showErrorBox: (title, content) => log('dialog.showErrorBox', { title, content }),
};
/** The system theme: light unless $FAKE_DARK_THEME, and never changing in the stand-in. */
export const nativeTheme = { shouldUseDarkColors: process.env.FAKE_DARK_THEME === '1', on: () => nativeTheme, off: () => nativeTheme };
export const shell = { openExternal: async (url) => log('shell.openExternal', { url }) };

// What a sandboxed preload may use.
export const contextBridge = { exposeInMainWorld: (key, api) => log('contextBridge.exposeInMainWorld', { key, invoke: Object.keys(api.invoke), frozen: Object.isFrozen(api) && Object.isFrozen(api.invoke), subscribe: typeof api.subscribe, giveUp: typeof api.giveUp }) };
export const ipcRenderer = { invoke: async () => undefined, on: () => undefined, off: () => undefined };

export default { app, BrowserWindow, ipcMain, Menu, Tray, nativeImage, nativeTheme, screen, dialog, shell, contextBridge, ipcRenderer };
