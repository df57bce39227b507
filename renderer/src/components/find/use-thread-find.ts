/**
 * Find in an open thread: the phrase (or a search hit's terms), every occurrence in the loaded
 * message data, the current one, and showing it: its row scrolled to, the block holding it
 * opened (RevealContext), the occurrence itself scrolled into view and painted apart.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import type { Message, ToolCallResponsePart } from '../../../../shared/record';
import { findOccurrences, type Hidden, type Occurrence, termsOf } from '../../lib/find';
import { clearMatches } from '../../lib/paint-matches';
import type { RevealState } from './reveal';
import { usePaintMatches, useShowOccurrence } from './use-show-occurrence';

interface Options {
  readonly messages: ReadonlyMap<number, Message>;
  readonly results: ReadonlyMap<string, ToolCallResponsePart>;
  readonly calls: ReadonlyMap<string, number>;
  readonly absorbedInto: (i: number) => number | undefined;
  readonly total: number | undefined;
  /** Changes when the loaded messages change. */
  readonly dataKey: string;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  readonly hidden: Hidden;
}

const NO_TERMS: readonly string[] = [];

/** What is being found: typed text, or the terms a search hit matched (shown joined). */
interface Query {
  readonly text: string;
  readonly terms: readonly string[];
}

export function useThreadFind({ messages, results, calls, absorbedInto, total, dataKey, scrollRef, virtualizer, hidden }: Options) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<Query>({ text: '', terms: [] });
  const [target, setTarget] = useState<Occurrence | undefined>();
  /** Bumped by Ctrl/Cmd+F (the bar takes the keyboard); 0 while the bar was opened by a search hit. */
  const [focusNonce, setFocusNonce] = useState(0);
  /** Bumped on every move, so moving to the same occurrence scrolls to it again. */
  const [moveNonce, setMoveNonce] = useState(0);
  const terms = open ? query.terms : NO_TERMS;

  const occurrences = useMemo(
    () => findOccurrences(messages, terms, results, calls, (i) => absorbedInto(i) !== undefined, hidden),
    // messages/results/calls change together with dataKey.
    [dataKey, terms, absorbedInto, hidden.tools, hidden.thinking],
  );
  const current = target ? occurrences.findIndex((o) => o.row === target.row && o.nth === target.nth) : -1;
  const counting = total !== undefined && messages.size < total;

  // Typed text: start at the first occurrence at or below the top of the view.
  useEffect(() => {
    if (target || !occurrences.length) return;
    const top = virtualizer.getVirtualItems()[0]?.index ?? 0;
    setTarget(occurrences.find((o) => o.row >= top) ?? occurrences[0]);
    setMoveNonce((n) => n + 1);
  }, [occurrences, target, virtualizer]);

  const paint = usePaintMatches(scrollRef, terms, target);
  useShowOccurrence({ target, moveNonce, total, scrollRef, virtualizer, paint });

  const move = useCallback(
    (delta: 1 | -1) => {
      if (!occurrences.length) return;
      const from = current >= 0 ? current : delta > 0 ? -1 : 0;
      setTarget(occurrences[(from + delta + occurrences.length) % occurrences.length]);
      setMoveNonce((n) => n + 1);
    },
    [occurrences, current],
  );

  return {
    open,
    /** Pages must all be loaded to count every occurrence. */
    wantsAll: open && terms.length > 0,
    reveal: useMemo((): RevealState => ({ terms, row: target?.row }), [terms, target?.row]),
    /** Ctrl/Cmd+F: open (or focus) the bar with what was being found. */
    show: useCallback(() => {
      setOpen(true);
      setFocusNonce((n) => n + 1);
    }, []),
    /**
     * A search hit: find its terms, starting at the given occurrence. The keyboard stays where the
     * person is (the result list: ↓ and Enter open the next hit, Esc comes back to it); the bar
     * used to take it once the hit's page had loaded, by then often after the person had moved on.
     */
    showHit: useCallback((hitTerms: readonly string[], at: Occurrence) => {
      setOpen(true);
      setQuery({ text: hitTerms.join(' '), terms: hitTerms });
      setTarget(at);
      setMoveNonce((n) => n + 1);
    }, []),
    bar: {
      text: query.text,
      onText: (text: string) => {
        setQuery({ text, terms: termsOf(text) });
        setTarget(undefined);
      },
      current,
      count: occurrences.length,
      counting,
      onMove: move,
      onClose: () => {
        setOpen(false);
        setFocusNonce(0);
        setTarget(undefined);
        clearMatches();
        scrollRef.current?.focus();
      },
      focusNonce,
    },
  };
}
