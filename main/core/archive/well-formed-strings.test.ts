/** Blob strings: written in one pass, the same bytes protobufjs writes; a lone surrogate as U+FFFD. */
import protobuf from 'protobufjs/minimal.js';
import { describe, expect, it } from 'vitest';
import { LenientReader, WellFormedWriter } from './well-formed-strings';

const written = (writer: protobuf.Writer, values: readonly string[]) => {
  for (const v of values) writer.string(v);
  return Buffer.from(writer.finish());
};

describe('WellFormedWriter', () => {
  it('writes the bytes protobufjs writes, whatever the characters and however long', () => {
    const values = [
      '',
      'short',
      'x'.repeat(127),
      'x'.repeat(128),
      // 2-byte characters whose bytes need a longer length prefix than their count (2 bytes, then 3).
      'é'.repeat(9000),
      // 3- and 4-byte characters: three times the bytes of a first guess, in several passes.
      '重构😀'.repeat(50_000),
      `${'a'.repeat(200)}${'ü'.repeat(70)}`,
    ];
    expect(written(new WellFormedWriter(), values).equals(written(new protobuf.BufferWriter(), values))).toBe(true);
    // Each after another in one writer: each prefix and text where the next starts.
    const reader = new LenientReader(written(new WellFormedWriter(), values));
    expect(values.map(() => reader.string())).toEqual(values);
  });

  it('writes a lone surrogate as U+FFFD on the long path, across a grown buffer', () => {
    const text = `${'重'.repeat(3000)}\ud800${'x'.repeat(100)}\udfff`;
    const back = new LenientReader(written(new WellFormedWriter(), [text])).string();
    expect(back).toBe(`${'重'.repeat(3000)}\ufffd${'x'.repeat(100)}\ufffd`);
  });
});
