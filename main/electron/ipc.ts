/** Registers every contract channel on IPC, answering only our own renderer. */
import { type BrowserWindow, ipcMain } from 'electron';
import { CHANNELS, EVENTS } from '../../shared/contract';
import { fail } from '../../shared/result';
import type { ArchiveService } from '../core/service/archive-service';
import { isOwnRenderer } from './window';

export function registerIpc(service: ArchiveService, window: () => BrowserWindow | undefined): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, request: unknown) => {
      if (!isOwnRenderer(window(), event.senderFrame?.url)) return fail('forbidden', 'not from the Déjà Vu window');
      return service.handle(channel, request);
    });
  }
  for (const event of EVENTS) {
    service.on(event, (payload) => {
      const win = window();
      if (win && !win.isDestroyed()) win.webContents.send(event, payload);
    });
  }
}
