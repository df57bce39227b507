/** The application menu: the platform's standard roles plus Déjà Vu's commands and shortcuts. */
import { app, type BrowserWindow, Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  exportThread(): void;
  exportThreadHtml(): void;
  syncNow(): void;
  find(): void;
}

export function installMenu(actions: MenuActions, window: () => BrowserWindow | undefined): void {
  const mac = process.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Export Thread to Markdown…', accelerator: 'CmdOrCtrl+E', click: () => actions.exportThread() },
        { label: 'Export as HTML…', accelerator: 'CmdOrCtrl+Shift+E', click: () => actions.exportThreadHtml() },
        { label: 'Sync Now', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.syncNow() },
        { type: 'separator' },
        mac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Find…', accelerator: 'CmdOrCtrl+F', click: () => actions.find() },
        { type: 'separator' },
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
    { role: 'help', submenu: [{ label: 'Déjà Vu on this machine', click: () => window()?.show() }] },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
