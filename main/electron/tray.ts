/** The tray icon: sync on demand (with progress and what it found), open the window, quit. */
import path from 'node:path';
import { app, Menu, nativeImage, Tray } from 'electron';
import type { SyncOutcome } from '../../shared/contract';
import { progressText, type SyncProgress } from '../../shared/sync-progress';

export interface TrayActions {
  syncNow(): Promise<SyncOutcome>;
  open(): void;
  /** Tell the person a sync failed (the archive locked by another writer, a full disk…). */
  showError(title: string, message: string): void;
}

export class AppTray {
  private readonly tray: Tray;
  private status = 'Up to date';

  constructor(
    resourcesDir: string,
    private readonly actions: TrayActions,
  ) {
    const icon = nativeImage.createFromPath(path.join(resourcesDir, 'icons', process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'));
    this.tray = new Tray(icon);
    this.tray.setToolTip('Déjà Vu');
    // On Windows a left click on a tray icon is expected to open the app, not do nothing.
    if (process.platform === 'win32') this.tray.on('click', () => this.actions.open());
    this.render();
  }

  /** A sync failed: say so in the menu, and to the person who asked for it. */
  failed(err: unknown): void {
    this.stopped();
    this.actions.showError('Sync failed', err instanceof Error ? err.message : String(err));
  }

  /** Show sync progress in the menu and tooltip, in the status bar's words. */
  progress(p: SyncProgress): void {
    this.status = progressText(p);
    this.render();
  }

  /** A sync ended without an outcome: its progress is no longer the status (the person who asked is told by `failed`). */
  stopped(): void {
    this.status = 'Last sync failed';
    this.render();
  }

  finished(outcome: SyncOutcome): void {
    const parts = [`${outcome.created} new`, `${outcome.updated} updated`];
    if (outcome.errors.length) parts.push(`${outcome.errors.length} unreadable`);
    this.status = `Last sync: ${parts.join(', ')}`;
    this.render();
  }

  private render(): void {
    this.tray.setToolTip(`Déjà Vu — ${this.status}`);
    this.tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: this.status, enabled: false },
        { label: 'Sync Now', click: () => void this.actions.syncNow().catch((err: unknown) => this.failed(err)) },
        { label: 'Open Déjà Vu', click: () => this.actions.open() },
        { type: 'separator' },
        { label: 'Quit', click: () => app.quit() },
      ]),
    );
  }
}
