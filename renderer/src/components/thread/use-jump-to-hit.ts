/**
 * Jumping to a message (from search, a link): load its page, scroll to it, highlight it for a
 * moment; with the hit's terms, find them in the thread starting at the hit (which opens what
 * holds it).
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { firstOccurrenceOf, type Occurrence } from '../../lib/find';
import type { JumpTarget } from '../../lib/route';
import type { MessagePages } from './use-message-pages';
import { PAGE_SIZE } from './use-message-pages';

interface Options {
  readonly jump: JumpTarget | undefined;
  readonly pages: MessagePages;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  readonly flash: (row: number, ms: number) => void;
  /** Find's "show these terms from this occurrence". */
  readonly showHit: (terms: readonly string[], at: Occurrence) => void;
}

/** Returns whether a jump is still on its way (new messages must not pull the view away from it). */
export function useJumpToHit({ jump, pages: { pages, want, messages, results, total, absorbedInto }, virtualizer, flash, showHit }: Options): () => boolean {
  const handledJump = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!jump || handledJump.current === jump.nonce || total === undefined) return;
    const page = Math.floor(jump.index / PAGE_SIZE);
    if (!pages.includes(page)) {
      want([page]);
      return;
    }
    if (!messages.has(jump.index)) return;
    handledJump.current = jump.nonce;
    const row = absorbedInto(jump.index) ?? jump.index;
    flash(row, 3500);
    if (jump.terms?.length && messages.has(row)) {
      showHit(jump.terms, { row, nth: firstOccurrenceOf(messages.get(row)!, messages.get(jump.index)!, jump.terms, results) });
      return;
    }
    const go = () => virtualizer.scrollToIndex(Math.min(row, total - 1), { align: 'start' });
    go();
    // Rows above are measured as they render, which moves the target: settle on it.
    for (const ms of [80, 250, 600]) setTimeout(go, ms);
  }, [jump, total, pages, want, messages, absorbedInto, virtualizer, results, showHit, flash]);
  return useCallback(() => Boolean(jump && handledJump.current !== jump.nonce), [jump]);
}
