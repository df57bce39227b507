/** Registers every contract channel on IPC, answering only our own renderer. */
import { type BrowserWindow, ipcMain } from 'electron';
import { GIVE_UP_CHANNEL } from '../../shared/channels';
import { CHANNELS, EVENTS } from '../../shared/contract';
import { fail } from '../../shared/result';
import type { ArchiveService } from '../core/service/archive-service';
import { isOwnRenderer } from './window';

export function registerIpc(service: ArchiveService, window: () => BrowserWindow | undefined): void {
  /** The requests under way that the renderer named (a ticket), to give up when it says so: a search typed past is then not read. */
  const named = new Map<string, AbortController>();
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, async (event, request: unknown, ticket: unknown) => {
      if (!isOwnRenderer(window(), event.senderFrame?.url)) return fail('forbidden', 'not from the Déjà Vu window');
      if (typeof ticket !== 'string' || named.has(ticket)) return service.handle(channel, request);
      const gaveUp = new AbortController();
      named.set(ticket, gaveUp);
      try {
        return await service.handle(channel, request, gaveUp.signal);
      } finally {
        named.delete(ticket);
      }
    });
  }
  ipcMain.on(GIVE_UP_CHANNEL, (event, ticket: unknown) => {
    if (isOwnRenderer(window(), event.senderFrame?.url) && typeof ticket === 'string') named.get(ticket)?.abort();
  });
  for (const event of EVENTS) {
    service.on(event, (payload) => {
      const win = window();
      if (win && !win.isDestroyed()) win.webContents.send(event, payload);
    });
  }
}
