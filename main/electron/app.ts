/**
 * The desktop app's main process: a thin shell around the Electron-free core. It owns one
 * ArchiveService (reading, syncing, exporting), exposes it over IPC, and adds the window,
 * tray, menu and a background sync.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, shell } from 'electron';
import { archiveRoot } from '../core/archive/paths';
import { ArchiveService } from '../core/service/archive-service';
import { registerIpc } from './ipc';
import { installMenu } from './menu';
import { AppTray } from './tray';
import { createMainWindow } from './window';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resourcesDir = app.isPackaged ? process.resourcesPath : path.resolve(outDir, '..', 'build');
const SYNC_EVERY_MS = 5 * 60 * 1000;

let win: BrowserWindow | undefined;

function showWindow(): void {
  if (!win || win.isDestroyed()) win = createMainWindow(outDir);
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  app.whenReady().then(() => {
    const service = new ArchiveService({
      root: process.env.DEJAVU_HOME ? path.resolve(process.env.DEJAVU_HOME) : archiveRoot(),
      indexerWorker: path.join(outDir, 'main', 'indexer-worker.js'),
      saveFile: async (file) => {
        const target = win && !win.isDestroyed() ? win : undefined;
        const options = { defaultPath: path.join(app.getPath('documents'), file.fileName), filters: [{ name: file.mimeType === 'application/json' ? 'JSON' : 'Markdown', extensions: [path.extname(file.fileName).slice(1)] }] };
        const choice = target ? await dialog.showSaveDialog(target, options) : await dialog.showSaveDialog(options);
        if (choice.canceled || !choice.filePath) return null;
        writeFileSync(choice.filePath, file.content);
        return choice.filePath;
      },
      openExternal: (url) => shell.openExternal(url),
    });
    registerIpc(service, () => win);
    const tray = new AppTray(resourcesDir, { syncNow: () => service.sync(), open: showWindow });
    service.on('dejavu:sync-progress', (p) => ('finished' in p ? tray.finished(p.finished) : tray.progress(p.done, p.total)));
    installMenu(
      {
        exportThread: () => win?.webContents.send('dejavu:command', { command: 'export-current' }),
        syncNow: () => void service.sync(),
        find: () => win?.webContents.send('dejavu:command', { command: 'find' }),
      },
      () => win,
    );
    showWindow();
    const syncQuietly = () => service.sync().catch((err: Error) => console.error(`sync failed: ${err.message}`));
    void syncQuietly();
    setInterval(syncQuietly, SYNC_EVERY_MS).unref();
    app.on('activate', showWindow);
    app.on('before-quit', () => service.close());
  });
  // The tray keeps the app alive with its window closed, except where the platform expects otherwise.
  app.on('window-all-closed', () => {
    if (process.platform === 'darwin') return;
  });
}
