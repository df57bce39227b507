import { describe, expect, it } from 'vitest';
import { type KeptText, withMarkers, withoutMarkers } from './native-markers';

const HASH = 'a'.repeat(64);
const marker = (form: string) => `\u0000c:${HASH}:${form}\u0000`;

describe('native markers', () => {
  // Longer than the 1 Mi characters looked for whole, a surrogate pair across a 64 Ki slice
  // boundary, quotes and newlines to escape.
  const lines = Array.from({ length: 70_000 }, (_, i) => `line ${i} of the tool output\n`).join('');
  const text = `${lines.slice(0, 65535)}😀 "quoted"\n${lines}`;
  const escaped = JSON.stringify(text).slice(1, -1);

  it('replaces every whole occurrence of a long JSON-escaped text, as replaceAll would, and puts it back', () => {
    // One whole occurrence, one that matches its first slice only, then another whole one.
    const native = `{"content":"${escaped}","copy":"${escaped.slice(0, 200_000)}","again":"${escaped}"}`;
    const kept: KeptText = { hash: HASH, form: 'j', text };
    const marked = withMarkers(native, [kept]);
    expect(marked).toBe(native.replaceAll(escaped, marker('j')));
    expect(marked!.length).toBeLessThan(300_000);
    expect(withoutMarkers(marked!, () => escaped)).toBe(native);
  });

  it('leaves a record that does not hold the text, or holds NUL, alone', () => {
    expect(withMarkers(`{"content":"${escaped.slice(1)}"}`, [{ hash: HASH, form: 'j', text }])).toBeUndefined();
    expect(withMarkers(`{"content":"${escaped}","x":"\u0000"}`, [{ hash: HASH, form: 'j', text }])).toBeUndefined();
  });

  it('finds base64 bytes as they are written', () => {
    const b64 = Buffer.alloc(1_200_000, 7).toString('base64');
    const native = `{"data":"${b64}"}`;
    expect(withMarkers(native, [{ hash: HASH, form: 'b', text: b64 }])).toBe(`{"data":"${marker('b')}"}`);
  });
});
