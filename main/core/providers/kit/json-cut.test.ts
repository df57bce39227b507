import { describe, expect, it } from 'vitest';
import { closeCutJson } from './json-cut';

const closed = (text: string) => {
  const c = closeCutJson(text);
  return c === undefined ? undefined : JSON.parse(c);
};

describe('closeCutJson', () => {
  it('ends an open string where it stops, dropping half an escape', () => {
    expect(closed('{"type":"user","message":{"content":[{"type":"text","text":"fix the bu')).toEqual({ type: 'user', message: { content: [{ type: 'text', text: 'fix the bu' }] } });
    expect(closed('{"a":"x\\')).toEqual({ a: 'x' });
    expect(closed('{"a":"x\\u00')).toEqual({ a: 'x' });
  });

  it('cuts back to the last whole member when the cut falls in a key, after a colon or in a literal', () => {
    expect(closed('{"a":1,"b":{"c":[1,2],"d')).toEqual({ a: 1, b: { c: [1, 2] } });
    expect(closed('{"a":1,"b":')).toEqual({ a: 1 });
    expect(closed('{"a":[true,fal')).toEqual({ a: [true] });
    expect(closed('{"a":12')).toEqual({ a: 12 });
  });

  it('leaves text that was not cut inside a value alone', () => {
    expect(closeCutJson('{"a":1}')).toBeUndefined();
    expect(closeCutJson('not json')).toBeUndefined();
  });
});
