import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline } from './markdown-parse';

describe('parseBlocks', () => {
  it('reads headings, paragraphs, fences, lists, quotes and tables', () => {
    const blocks = parseBlocks(['# Title', '', 'Some *text*', 'more', '', '```ts', 'const a = 1;', '```', '', '- one', '- two', '  - nested', '', '1. first', '2. second', '', '> quoted', '', '| a | b |', '|---|:-:|', '| 1 | 2 |'].join('\n'));
    expect(blocks.map((b) => b.type)).toEqual(['h', 'p', 'code', 'list', 'list', 'quote', 'table']);
    expect(blocks[2]).toEqual({ type: 'code', lang: 'ts', text: 'const a = 1;' });
    const list = blocks[3] as Extract<(typeof blocks)[number], { type: 'list' }>;
    expect(list.items).toHaveLength(2);
    expect(list.items[1].map((b) => b.type)).toEqual(['p', 'list']);
    const table = blocks[6] as Extract<(typeof blocks)[number], { type: 'table' }>;
    expect(table.header).toEqual(['a', 'b']);
    expect(table.align).toEqual([undefined, 'center']);
    expect(table.rows).toEqual([['1', '2']]);
  });

  it('keeps an unclosed fence to the end', () => {
    expect(parseBlocks('```\nline\nmore')).toEqual([{ type: 'code', lang: '', text: 'line\nmore' }]);
  });
});

describe('parseInline', () => {
  it('reads code, emphasis, links and breaks', () => {
    expect(parseInline('a `b` **c** _d_ [e](https://x.y) <https://z.w>\nf')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'code', text: 'b' },
      { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://x.y', children: [{ type: 'text', text: 'e' }] },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://z.w', children: [{ type: 'text', text: 'https://z.w' }] },
      { type: 'br' },
      { type: 'text', text: 'f' },
    ]);
  });

  it('links bare URLs without trailing punctuation', () => {
    expect(parseInline('see https://example.com/a.')).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', href: 'https://example.com/a', children: [{ type: 'text', text: 'https://example.com/a' }] },
      { type: 'text', text: '.' },
    ]);
  });

  it('never makes a link of a non-http target, and leaves HTML as text', () => {
    const nodes = parseInline('<script>x()</script> [a](javascript:alert(1)) [b](data:text/html,hi)');
    expect(nodes.some((n) => n.type === 'link')).toBe(false);
    expect(nodes.filter((n) => n.type === 'blocked-link')).toHaveLength(2);
    expect(nodes[0]).toEqual({ type: 'text', text: '<script>x()</script> ' });
  });

  it('does not treat snake_case or dunder names as emphasis', () => {
    expect(parseInline('a snake_case_name and window.__x=1 or window.__y=2')).toEqual([{ type: 'text', text: 'a snake_case_name and window.__x=1 or window.__y=2' }]);
  });
});
