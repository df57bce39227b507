/** Remembers the main window's size and position between launches. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { app, type BrowserWindow, screen } from 'electron';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized?: boolean;
}

const DEFAULT: WindowBounds = { width: 1280, height: 820 };
const file = () => path.join(app.getPath('userData'), 'window-state.json');

export function loadWindowState(): WindowBounds {
  try {
    const saved = JSON.parse(readFileSync(file(), 'utf8')) as WindowBounds;
    // Forget a position on a display that is no longer attached.
    const visible = screen.getAllDisplays().some((d) => saved.x !== undefined && saved.y !== undefined && saved.x >= d.bounds.x && saved.y >= d.bounds.y && saved.x < d.bounds.x + d.bounds.width && saved.y < d.bounds.y + d.bounds.height);
    return visible ? saved : { width: saved.width, height: saved.height };
  } catch {
    return DEFAULT;
  }
}

export function trackWindowState(win: BrowserWindow): void {
  let timer: NodeJS.Timeout | undefined;
  const write = () => {
    if (win.isDestroyed()) return;
    const b = win.getNormalBounds();
    try {
      writeFileSync(file(), JSON.stringify({ ...b, maximized: win.isMaximized() }));
    } catch {
      // Losing the window position is not worth an error dialog.
    }
  };
  const save = () => {
    clearTimeout(timer);
    timer = setTimeout(write, 300);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event as 'resize', save);
  // Closing destroys the window right after: save now, not after the debounce.
  win.on('close', () => {
    clearTimeout(timer);
    write();
  });
}
