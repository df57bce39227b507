/** Which pages of messages a thread asks for: those its visible rows need, and all of them while a view needs every message. */
import { useEffect } from 'react';
import { PAGE_SIZE, type MessagePages } from './use-message-pages';

/** Fetches the pages that rows `first`…`last` (the rows in view) fall on. */
export function useVisiblePages({ pages, want }: Pick<MessagePages, 'pages' | 'want'>, first: number | undefined, last: number | undefined): void {
  useEffect(() => {
    if (first === undefined || last === undefined) return;
    const need: number[] = [];
    for (let p = Math.floor(first / PAGE_SIZE); p <= Math.floor(last / PAGE_SIZE); p++) if (!pages.includes(p)) need.push(p);
    if (need.length) want(need);
  }, [first, last, pages, want]);
}

/** Fetches every page while `wantsAll` (finding, the outline, moving prompt to prompt). */
export function useAllPagesWhile(wantsAll: boolean, { pages, want, total }: Pick<MessagePages, 'pages' | 'want' | 'total'>): void {
  useEffect(() => {
    if (!wantsAll || total === undefined) return;
    const all = Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, p) => p);
    if (all.some((p) => !pages.includes(p))) want(all);
  }, [wantsAll, total, pages, want]);
}
