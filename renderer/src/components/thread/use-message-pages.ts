/**
 * A thread's messages, fetched a page at a time: the pages asked for so far, what they hold
 * (messages by index, each tool result by its call's id, each call's message), and which
 * messages are only results shown beside their call.
 */
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { MessagePage } from '../../../../shared/contract';
import type { Message, ToolCallResponsePart } from '../../../../shared/record';
import { channelQuery } from '../../lib/queries';

export const PAGE_SIZE = 200;

export interface MessagePages {
  /** Page numbers asked for, in the order they were. */
  readonly pages: readonly number[];
  /** Asks for these pages too (those already asked for are left alone). */
  readonly want: (pages: readonly number[]) => void;
  readonly messages: ReadonlyMap<number, Message>;
  readonly results: ReadonlyMap<string, ToolCallResponsePart>;
  readonly calls: ReadonlyMap<string, number>;
  /** Messages in the whole thread, once the first page is in. */
  readonly total: number | undefined;
  /** Changes when the loaded messages change. */
  readonly dataKey: string;
  readonly error: unknown;
  readonly fetching: boolean;
  /** The row of the call a message's results are shown beside, when that is all it holds. */
  readonly absorbedInto: (i: number) => number | undefined;
}

export function useMessagePages(id: string, firstPage: number): MessagePages {
  const [pages, setPages] = useState<readonly number[]>(() => [firstPage]);
  const pageQueries = useQueries({
    queries: pages.map((p) => ({ ...channelQuery('dejavu:messages', { id, offset: p * PAGE_SIZE, limit: PAGE_SIZE }), placeholderData: undefined })),
  });
  const error = pageQueries.find((q) => q.error)?.error;
  const pageData = pageQueries.map((q) => q.data).filter((d): d is MessagePage => d !== undefined);
  const total = pageData[0]?.total;
  const dataKey = pageQueries.map((q) => q.dataUpdatedAt).join(',');
  const fetching = pageQueries.some((q) => q.isFetching);

  const { messages, results, calls } = useMemo(() => {
    const messages = new Map<number, Message>();
    for (const page of pageData) page.messages.forEach((m, i) => messages.set(page.offset + i, m));
    const results = new Map<string, ToolCallResponsePart>();
    const calls = new Map<string, number>();
    for (const [i, m] of messages) {
      for (const p of m.parts) {
        if (p.type === 'tool_call') calls.set(p.id, i);
        else if (p.type === 'tool_call_response' && p.id) results.set(p.id, p);
      }
    }
    return { messages, results, calls };
  }, [dataKey]);

  /** A message whose every part is a result shown beside its call takes no row of its own. */
  const absorbedInto = useCallback(
    (i: number): number | undefined => {
      const m = messages.get(i);
      if (!m || !m.parts.length) return undefined;
      let into: number | undefined;
      for (const p of m.parts) {
        if (p.type !== 'tool_call_response') return undefined;
        const c = calls.get(p.id);
        if (c === undefined || c >= i) return undefined;
        into = c;
      }
      return into;
    },
    [messages, calls],
  );

  const want = useCallback(
    (wanted: readonly number[]) =>
      setPages((cur) => {
        const add = wanted.filter((p, i) => !cur.includes(p) && wanted.indexOf(p) === i);
        return add.length ? [...cur, ...add] : cur;
      }),
    [],
  );
  return { pages, want, messages, results, calls, total, dataKey, error, fetching, absorbedInto };
}
