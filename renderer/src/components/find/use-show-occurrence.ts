/** Painting the found words in the thread, and scrolling the current occurrence into view. */
import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect } from 'react';
import type { Occurrence } from '../../lib/find';
import { clearMatches, paintMatches } from '../../lib/paint-matches';

/** Paints every occurrence of `terms` in the rendered rows, again as rows render; returns the paint (the current occurrence's range). */
export function usePaintMatches(scrollRef: RefObject<HTMLDivElement | null>, terms: readonly string[], target: Occurrence | undefined): () => Range | undefined {
  const paint = useCallback((): Range | undefined => {
    const root = scrollRef.current;
    return root ? paintMatches(root, terms, target) : undefined;
  }, [scrollRef, terms, target]);

  // Rows render as the view scrolls: paint what is new.
  useEffect(() => {
    const root = scrollRef.current;
    if (!root || !terms.length) {
      clearMatches();
      return;
    }
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => paint());
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    paint();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [paint, scrollRef, terms.length]);
  useEffect(() => clearMatches, []);
  return paint;
}

interface ShowOptions {
  readonly target: Occurrence | undefined;
  /** Bumped on every move, so moving to the same occurrence scrolls to it again. */
  readonly moveNonce: number;
  readonly total: number | undefined;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  readonly paint: () => Range | undefined;
}

/** Shows the current occurrence: its row first, then (once it rendered and opened) the text itself. */
export function useShowOccurrence({ target, moveNonce, total, scrollRef, virtualizer, paint }: ShowOptions): void {
  useEffect(() => {
    if (!target || total === undefined) return;
    const scroller = scrollRef.current;
    if (!scroller) return;
    virtualizer.scrollToIndex(Math.min(target.row, total - 1), { align: 'start' });
    const timers = [60, 180, 400, 750, 1100].map((ms) =>
      setTimeout(() => {
        const range = paint();
        if (!range) {
          virtualizer.scrollToIndex(Math.min(target.row, total - 1), { align: 'start' });
          return;
        }
        const r = range.getBoundingClientRect();
        const pane = scroller.getBoundingClientRect();
        if (r.top < pane.top + 24 || r.bottom > pane.bottom - 24) scroller.scrollTop += r.top - pane.top - pane.height / 3;
      }, ms),
    );
    return () => timers.forEach(clearTimeout);
    // Only a move (or a newly found target) scrolls; repaints do not.
  }, [target, moveNonce]);
}
