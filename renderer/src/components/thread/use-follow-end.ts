/**
 * Following a live thread: when new messages arrive and the reader was at the bottom, the view
 * stays on the end. Also folds the header once the reader scrolls into the thread.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** How close to the end (px) still counts as "at the bottom" for following new messages. */
const BOTTOM_SLACK = 64;

interface Options {
  readonly total: number | undefined;
  readonly dataKey: string;
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly virtualizer: Virtualizer<HTMLDivElement, Element>;
  /** Whether a jump to a message is still on its way: it wins over following. */
  readonly jumpPending: () => boolean;
}

export interface FollowEnd {
  readonly onScroll: () => void;
  readonly onWheel: (e: React.WheelEvent) => void;
  /** The header folds to its title row once the reader scrolls into the thread (and back at the top). */
  readonly compactHeader: boolean;
}

export function useFollowEnd({ total, dataKey, scrollRef, virtualizer, jumpPending }: Options): FollowEnd {
  // Content growing fires no scroll event, so the flag still says where the reader was before it
  // grew. While the view settles on the end (rows are measured as they render), scroll events
  // from that do not unset it.
  const atBottom = useRef(false);
  const settlingUntil = useRef(0);
  const [compactHeader, setCompactHeader] = useState(false);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    setCompactHeader((c) => (c ? el.scrollTop > 8 : el.scrollTop > 80));
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (near || Date.now() > settlingUntil.current) atBottom.current = near;
  }, [scrollRef]);
  // The reader scrolling up themselves stops the following at once.
  const onWheel = useCallback((e: React.WheelEvent) => {
    if (e.deltaY < 0) settlingUntil.current = 0;
  }, []);
  const seenTotal = useRef<number | undefined>(undefined);
  const seenData = useRef(dataKey);
  useEffect(() => {
    if (total === undefined) return;
    const before = seenTotal.current;
    const grew = before !== undefined && (total > before || seenData.current !== dataKey);
    seenTotal.current = total;
    seenData.current = dataKey;
    if (before === undefined) {
      // First page in: a short thread starts "at the bottom".
      requestAnimationFrame(onScroll);
      return;
    }
    if (!grew || !atBottom.current || total === 0 || jumpPending()) return;
    settlingUntil.current = Date.now() + 900;
    const end = () => {
      if (!atBottom.current || !scrollRef.current) return;
      virtualizer.scrollToIndex(total - 1, { align: 'end' });
    };
    end();
    for (const ms of [80, 250, 600]) setTimeout(end, ms);
  }, [total, dataKey, jumpPending, virtualizer, onScroll, scrollRef]);
  return { onScroll, onWheel, compactHeader };
}
