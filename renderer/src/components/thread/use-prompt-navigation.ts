/**
 * Moving through a thread by the person's prompts: the prompts loaded, the one at the top of the
 * view, and Alt+↓/↑ to the next or previous (which asks for every page, so none is skipped).
 */
import type { VirtualItem } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import type { Message } from '../../../../shared/record';
import { type Prompt, promptsOf, usePromptKeys } from './prompt-outline';

interface Options {
  readonly messages: ReadonlyMap<number, Message>;
  readonly items: readonly VirtualItem[];
  readonly scrollRef: RefObject<HTMLDivElement | null>;
  readonly jumpToRow: (row: number) => void;
}

export interface PromptNavigation {
  readonly prompts: readonly Prompt[];
  /** The prompt at or above the top of the view. */
  readonly current: number | undefined;
  /** Whether the person moved by prompts yet: from then on every page is wanted. */
  readonly wantsAll: boolean;
}

export function usePromptNavigation({ messages, items, scrollRef, jumpToRow }: Options): PromptNavigation {
  const [wantsAll, setWantsAll] = useState(false);
  const prompts = useMemo(() => promptsOf(messages), [messages]);
  const topRow = items.find((it) => it.end > (scrollRef.current?.scrollTop ?? 0) + 4)?.index ?? 0;
  const current = [...prompts].reverse().find((p) => p.index <= topRow)?.index;
  // The last jump, from the row at the top then: a second key pressed before the view has drawn
  // the first jump's row (two quick Alt+↑) moves on from that jump's prompt, not to it again.
  const lastJump = useRef<{ from: number; to: number } | undefined>(undefined);
  const move = useCallback(
    (delta: 1 | -1) => {
      setWantsAll(true);
      const from = lastJump.current?.from === topRow ? lastJump.current.to : topRow;
      const target = delta > 0 ? prompts.find((p) => p.index > from) : [...prompts].reverse().find((p) => p.index < from);
      if (!target) return;
      lastJump.current = { from: topRow, to: target.index };
      jumpToRow(target.index);
    },
    [prompts, topRow, jumpToRow],
  );
  usePromptKeys(move);
  return { prompts, current, wantsAll };
}
