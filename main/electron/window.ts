/** The main window, locked down: sandboxed, isolated, no Node, no popups, no navigation. */
import path from 'node:path';
import { BrowserWindow, nativeTheme, shell } from 'electron';
import { loadWindowState, trackWindowState } from './window-state';

export function createMainWindow(outDir: string): BrowserWindow {
  const state = loadWindowState();
  const win = new BrowserWindow({
    ...state,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Déjà Vu',
    backgroundColor: themeBackground(),
    webPreferences: {
      preload: path.join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  if (state.maximized) win.maximize();
  // The window's own background (seen before paint and on resize) follows the light/dark theme.
  const onTheme = () => {
    if (!win.isDestroyed()) win.setBackgroundColor(themeBackground());
  };
  nativeTheme.on('updated', onTheme);
  win.on('closed', () => nativeTheme.off('updated', onTheme));
  trackWindowState(win);
  win.once('ready-to-show', () => win.show());

  // Transcript links never open inside the app; http(s) ones go to the browser.
  win.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (url !== win.webContents.getURL()) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());

  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer) void win.loadURL(devServer);
  else void win.loadFile(path.join(outDir, 'renderer', 'index.html'));
  return win;
}

/** The page background of the renderer's light and dark themes (--bg in app.css). */
function themeBackground(): string {
  return nativeTheme.shouldUseDarkColors ? '#15171b' : '#ffffff';
}

/** True when an IPC message comes from our own renderer's top frame. */
export function isOwnRenderer(win: BrowserWindow | undefined, frameUrl: string | undefined): boolean {
  if (!win || !frameUrl) return false;
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer) return frameUrl.startsWith(devServer);
  return frameUrl.startsWith('file://') && frameUrl.includes('/renderer/index.html');
}
