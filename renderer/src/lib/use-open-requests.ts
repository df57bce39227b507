/**
 * What asks the window to do something from outside it: links (`#c=<id>&m=<index>`,
 * `#/conversation/<id>`), the desktop menu's commands, and commands that came before the page
 * listened (a dejavu:// link that launched the app). Also tells main what is open, so the menu's
 * Export follows.
 */
import { useEffect } from 'react';
import type { ContractEvents } from '../../../shared/contract';
import { call, transport } from '../transport';
import { readRoute } from './use-route';

interface Handlers {
  readonly open: (id: string, message?: number) => void;
  readonly openSettings: () => void;
  readonly findHere: () => void;
  readonly exportCurrent: (format?: 'md' | 'html') => void;
  /** The conversation on screen (null under Settings or with none open). */
  readonly viewing: string | null;
}

export function useOpenRequests({ open, openSettings, findHere, exportCurrent, viewing }: Handlers): void {
  // Commands that came before this page listened (a dejavu:// link that launched the app).
  useEffect(() => {
    if (transport.kind !== 'electron') return;
    void call('dejavu:pending-commands', {})
      .then((commands) => {
        for (const c of commands) {
          if (c.command === 'open-conversation') open(c.id, c.message);
          else if (c.command === 'settings') openSettings();
        }
      })
      .catch(() => undefined);
  }, [open]);

  // The desktop menu's Export follows whether a conversation is open.
  useEffect(() => {
    if (transport.kind === 'electron') void call('dejavu:viewing', { id: viewing }).catch(() => undefined);
  }, [viewing]);

  // Links with #c=<id>&m=<index> or #/conversation/<id> open that conversation (and message).
  useEffect(() => {
    const onHash = () => {
      const r = readRoute();
      if (r.id) open(r.id, r.message);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [open]);

  // Menu commands from main.
  useEffect(() => {
    const onCommand = (payload: ContractEvents['dejavu:command']) => {
      const { command } = payload;
      if (command === 'find') findHere();
      else if (command === 'export-current') exportCurrent();
      else if (command === 'export-current-html') exportCurrent('html');
      else if (command === 'settings') openSettings();
      else if (command === 'open-conversation') open(payload.id, payload.message);
    };
    return transport.subscribe('dejavu:command', onCommand);
  }, [findHere, exportCurrent, open, openSettings]);
}
