/**
 * The desktop app's main process: a thin shell around the Electron-free core. It owns one
 * ArchiveService (reading, syncing, exporting), exposes it over IPC, and adds the window,
 * tray, menu and a background sync.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, shell } from 'electron';
import { archiveRoot, setWriterName } from '../core/use-cases/open-archive';
import { ArchiveService } from '../core/service/archive-service';
import { type DeepLinkCommand, DEEP_LINK_SCHEME, deepLinkFromArgv, parseDeepLink } from '../core/service/deep-link';
import { registerIpc } from './ipc';
import { installMenu, setExportEnabled } from './menu';
import { AppTray } from './tray';
import { createMainWindow } from './window';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resourcesDir = app.isPackaged ? process.resourcesPath : path.resolve(outDir, '..', 'build');
const SYNC_EVERY_MS = 5 * 60 * 1000;
// Keeps memory flat while syncing (see main/core/memory.ts); V8 takes it only at start.
app.commandLine.appendSwitch('js-flags', '--max-semi-space-size=4');

let win: BrowserWindow | undefined;
let service: ArchiveService | undefined;
/** A link that arrived before the window could take it. */
let pendingLink: DeepLinkCommand | undefined = deepLinkFromArgv(process.argv);

/** Show the window at the conversation a `dejavu://` link names (once the renderer is loaded). */
function openLink(link: DeepLinkCommand | undefined): void {
  if (!link || !app.isReady() || !service) {
    pendingLink = link ?? pendingLink;
    return;
  }
  showWindow();
  // Held until the renderer subscribed (a cold start's window is still loading its page).
  service.postCommand(link);
}

function showWindow(): void {
  if (!win || win.isDestroyed()) {
    win = createMainWindow(outDir);
    // A new or reloading page listens again only once its app has subscribed.
    win.webContents.on('did-start-loading', () => service?.rendererReloading());
  }
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}

// In development the app runs as `electron <main.js>`: register that command, not bare electron.
if (process.defaultApp && process.argv.length >= 2) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
// macOS hands links over by event (also before ready, at launch).
app.on('open-url', (event, url) => {
  event.preventDefault();
  openLink(parseDeepLink(url));
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkFromArgv(argv);
    if (link) openLink(link);
    else showWindow();
  });
  app.whenReady().then(() => {
    setWriterName('the Déjà Vu app'); // named in the lock, for a CLI writer refused meanwhile
    const archive = new ArchiveService({
      root: process.env.DEJAVU_HOME ? path.resolve(process.env.DEJAVU_HOME) : archiveRoot(),
      indexerWorker: path.join(outDir, 'main', 'indexer-worker.js'),
      readingWorker: path.join(outDir, 'main', 'reading-worker.js'),
      saveFile: async (file) => {
        const target = win && !win.isDestroyed() ? win : undefined;
        const options = { defaultPath: path.join(app.getPath('documents'), file.fileName), filters: [{ name: file.mimeType === 'application/json' ? 'JSON' : file.mimeType === 'text/html' ? 'HTML page' : 'Markdown', extensions: [path.extname(file.fileName).slice(1)] }] };
        const choice = target ? await dialog.showSaveDialog(target, options) : await dialog.showSaveDialog(options);
        if (choice.canceled || !choice.filePath) return null;
        writeFileSync(choice.filePath, file.content);
        return choice.filePath;
      },
      pickArchive: async () => {
        const target = win && !win.isDestroyed() ? win : undefined;
        const options = { title: 'Merge an archive', properties: ['openFile' as const], filters: [{ name: 'Déjà Vu archive export', extensions: ['tar'] }, { name: 'All files', extensions: ['*'] }] };
        const choice = target ? await dialog.showOpenDialog(target, options) : await dialog.showOpenDialog(options);
        return choice.canceled || choice.filePaths.length === 0 ? null : choice.filePaths[0];
      },
      pickFolder: async () => {
        const target = win && !win.isDestroyed() ? win : undefined;
        const options = { title: 'Add a folder of agent sessions', buttonLabel: 'Add Folder', properties: ['openDirectory' as const, 'showHiddenFiles' as const] };
        const choice = target ? await dialog.showOpenDialog(target, options) : await dialog.showOpenDialog(options);
        return choice.canceled || choice.filePaths.length === 0 ? null : choice.filePaths[0];
      },
      openExternal: (url) => shell.openExternal(url),
      onViewing: (id) => setExportEnabled(id !== null),
    });
    service = archive;
    registerIpc(archive, () => win);
    const showError = (title: string, message: string) => dialog.showErrorBox(title, message);
    const tray = new AppTray(resourcesDir, { syncNow: () => archive.sync(), open: showWindow, showError });
    archive.on('dejavu:sync-progress', (p) => ('finished' in p ? tray.finished(p.finished) : 'failed' in p ? tray.stopped() : tray.progress(p)));
    installMenu(
      {
        exportThread: () => service?.postCommand({ command: 'export-current' }),
        exportThreadHtml: () => service?.postCommand({ command: 'export-current-html' }),
        // A failed sync (e.g. the archive held by `dejavu sync --watch`) is shown, not swallowed.
        syncNow: () => void archive.sync().catch((err: unknown) => tray.failed(err)),
        find: () => service?.postCommand({ command: 'find' }),
        settings: () => service?.postCommand({ command: 'settings' }),
      },
      () => win,
    );
    showWindow();
    if (pendingLink) openLink(pendingLink);
    pendingLink = undefined;
    // Their failures are logged and reach the window's status bar (dejavu:background-failure).
    const syncQuietly = () => archive.background('sync', () => archive.sync());
    // Live capture first, so the first sync runs through its writer; while another process
    // writes the archive it cannot start, and is tried again at each periodic sync.
    const startLive = () => archive.background('live capture', () => archive.startLive());
    void startLive().then(syncQuietly);
    setInterval(() => void startLive().then(syncQuietly), SYNC_EVERY_MS).unref();
    app.on('activate', showWindow);
    app.on('before-quit', () => {
      void archive.stopLive();
      archive.close();
    });
  });
  // The tray keeps the app alive with its window closed, except where the platform expects otherwise.
  app.on('window-all-closed', () => {
    if (process.platform === 'darwin') return;
  });
}
