import { describe, expect, it } from 'vitest';
import { parseJson } from './parse-json';

function parseWithNotes(text: string): { value: unknown; notes: [string, number][] } {
  const notes: [string, number][] = [];
  const value = parseJson(text, (message, at) => notes.push([message, at]));
  return { value, notes };
}

describe('parseJson', () => {
  it('reads raw control characters inside strings as their escapes, and says which and where', () => {
    const { value, notes } = parseWithNotes('{"a":"x\u0000y","b":"tab\there"}');
    expect(value).toEqual({ a: 'x\u0000y', b: 'tab\there' });
    expect(notes).toEqual([['Raw control character(s) U+0000, U+0009 inside a JSON string, which JSON does not allow; read as escapes', 7]]);
  });

  it('throws the error of the text as written when escaping does not make it JSON', () => {
    expect(() => parseJson('{"a":"x\u0000y",}')).toThrow(/JSON/);
    let message = '';
    try {
      JSON.parse('{"a":"x\u0000y",}');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(() => parseJson('{"a":"x\u0000y",}')).toThrow(message);
  });

  it('keeps what nests past 256 levels as its JSON text as written, objects and arrays alike', () => {
    const deep = `${'['.repeat(300)}"x", {"k" : 1}${']'.repeat(300)}`;
    const { value, notes } = parseWithNotes(`{"in":${deep}}`);
    let node = value as Record<string, unknown> | unknown[];
    node = (node as Record<string, unknown>).in as unknown[];
    for (let level = 2; level < 256; level += 1) node = (node as unknown[])[0] as unknown[];
    expect(node).toEqual([`${'['.repeat(45)}"x", {"k" : 1}${']'.repeat(45)}`]);
    expect(notes).toEqual([['JSON nested more than 256 levels deep; everything below level 256 is kept as its JSON text', 6 + 255]]);
  });

  it('leaves ordinary JSON as JSON.parse reads it, without a note', () => {
    const text = '{"a":[1,{"b":"c\\u0000"}],"d":"\\"[{"}';
    expect(parseWithNotes(text)).toEqual({ value: JSON.parse(text), notes: [] });
  });

  it('names an escape for half a character (a lone surrogate), not a whole pair or an escaped backslash', () => {
    const lone = parseWithNotes('{"a":"ok","b":["x\\ud800y"]}');
    expect(lone.value).toEqual({ a: 'ok', b: ['x\ud800y'] });
    expect(lone.notes).toEqual([['A \\u escape for half a character (a lone surrogate) inside a JSON string; kept as �', 17]]);
    expect(parseWithNotes('{"\\udc00":1}').notes).toHaveLength(1); // in a key too
    expect(parseWithNotes('{"a":"\\ud83d\\ude00"}').notes).toEqual([]); // 😀 as a pair
    expect(parseWithNotes('{"a":"\\\\ud800"}').notes).toEqual([]); // a backslash, then the letters ud800
  });
});
