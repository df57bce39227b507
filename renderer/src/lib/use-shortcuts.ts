/**
 * The window's keys: Ctrl/Cmd+K (and "/" when not typing) search the archive, Ctrl/Cmd+F finds in
 * the open conversation, Ctrl/Cmd+B hides the sidebar; Escape goes back from an opened hit to the
 * result list, or closes Settings.
 */
import { type RefObject, useEffect } from 'react';

interface Shortcuts {
  readonly findHere: () => void;
  readonly focusSearch: () => void;
  readonly toggleSidebar: () => void;
  readonly settingsOpen: boolean;
  readonly closeSettings: () => void;
  /** The search result opened last (`<conversation>:<message>`), to go back to. */
  readonly lastHit: RefObject<string | undefined>;
  readonly searchRef: RefObject<HTMLInputElement | null>;
}

export function useShortcuts({ findHere, focusSearch, toggleSidebar, settingsOpen, closeSettings, lastHit, searchRef }: Shortcuts): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      if (mod && !e.shiftKey && !e.altKey && (e.key === 'f' || e.key === 'F')) {
        e.preventDefault();
        findHere();
      } else if (mod && !e.shiftKey && !e.altKey && (e.key === 'b' || e.key === 'B')) {
        e.preventDefault();
        toggleSidebar();
      } else if (mod && !e.shiftKey && !e.altKey && (e.key === 'k' || e.key === 'K')) {
        e.preventDefault();
        focusSearch();
      } else if (e.key === '/' && !mod && !isTyping(e.target)) {
        e.preventDefault();
        focusSearch();
      } else if (e.key === 'Escape' && !e.defaultPrevented && !settingsOpen && lastHit.current && !isTyping(e.target) && document.querySelector('.search-results')) {
        // Back from a hit to the list, on the hit that was opened.
        const hit = document.querySelector<HTMLElement>(`button.hit[data-hit-key="${CSS.escape(lastHit.current)}"]`) ?? document.querySelector<HTMLElement>('button.hit');
        if (hit) {
          e.preventDefault();
          hit.focus();
        }
      } else if (e.key === 'Escape' && settingsOpen && !e.defaultPrevented && e.target !== searchRef.current && !document.querySelector('.settings [role="alertdialog"]')) {
        closeSettings();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focusSearch, findHere, settingsOpen, closeSettings, toggleSidebar, lastHit, searchRef]);
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)));
}
