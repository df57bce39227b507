/** A hit's excerpt quotes the text around its first match and marks every match in it, in any case. */
import { describe, expect, it } from 'vitest';
import { excerpt } from './snippet';

const marked = ({ snippet, highlights }: ReturnType<typeof excerpt>) => highlights.map(([a, b]) => snippet.slice(a, b));

describe('a search excerpt', () => {
  it('marks each match in any case, the earliest of several terms first', () => {
    const quote = excerpt('Fix the Flaky test; the flaky TEST again', ['flaky test', 'again']);
    expect(marked(quote)).toEqual(['Flaky test', 'flaky TEST', 'again']);
  });

  it('quotes and marks the match itself after characters whose lower case is longer (İ: two characters lower-cased)', () => {
    const turkish = excerpt(`${'İstanbul '.repeat(30)}the needle is here`, ['NEEDLE']);
    expect(turkish.snippet).toContain('the needle is here');
    expect(marked(turkish)).toEqual(['needle']);
    expect(marked(excerpt('İzmir İzmir: a needle', ['needle']))).toEqual(['needle']);
  });
});
