/** The application menu: the platform's standard roles plus Déjà Vu's commands and shortcuts. */
import { app, type BrowserWindow, Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  exportThread(): void;
  exportThreadHtml(): void;
  syncNow(): void;
  find(): void;
  settings(): void;
}

const EXPORT_ITEM = 'export-thread';
const EXPORT_HTML_ITEM = 'export-thread-html';

/** Export needs an open conversation: the items are enabled only while one is shown. */
export function setExportEnabled(enabled: boolean): void {
  for (const id of [EXPORT_ITEM, EXPORT_HTML_ITEM]) {
    const item = Menu.getApplicationMenu()?.getMenuItemById(id);
    if (item) item.enabled = enabled;
  }
}

export function installMenu(actions: MenuActions, window: () => BrowserWindow | undefined): void {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        // Not Cmd+E: on macOS that is "Use Selection for Find".
        { id: EXPORT_ITEM, label: 'Export Thread to Markdown…', accelerator: 'CmdOrCtrl+Shift+E', enabled: false, click: () => actions.exportThread() },
        { id: EXPORT_HTML_ITEM, label: 'Export as HTML…', accelerator: 'CmdOrCtrl+Alt+E', enabled: false, click: () => actions.exportThreadHtml() },
        { label: 'Sync Now', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.syncNow() },
        { type: 'separator' },
        { label: 'Settings…', accelerator: 'CmdOrCtrl+,', click: () => actions.settings() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
        { type: 'separator' },
        { label: 'Find in Conversation…', accelerator: 'CmdOrCtrl+F', click: () => actions.find() },
      ],
    },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    // About sits in the app menu on macOS; elsewhere under Help.
    { role: 'help', submenu: [{ label: 'Déjà Vu on this machine', click: () => window()?.show() }, ...(mac ? [] : [{ role: 'about' as const }])] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
