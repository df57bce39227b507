/**
 * What a collapsed block needs to know to open itself: the terms being found and the row that
 * holds the current occurrence (a thinking block, a cut output or injected context holding it
 * opens, so the occurrence can be shown).
 */
import { createContext, useContext } from 'react';
import { holdsTerm } from '../../lib/find';

export interface RevealState {
  readonly terms: readonly string[];
  /** The row of the current occurrence. */
  readonly row?: number;
}

export const RevealContext = createContext<RevealState>({ terms: [] });
/** The row a part is rendered in. */
export const RowContext = createContext<number>(-1);

/** True when the block showing `text` holds the current occurrence's terms in the current row. */
export function useReveal(text: string): boolean {
  const { terms, row } = useContext(RevealContext);
  const mine = useContext(RowContext);
  return row !== undefined && row === mine && holdsTerm(text, terms);
}
