import { describe, expect, it } from 'vitest';
import { provenanceFor } from '../../test/provenance';
import { fileParseContext } from '../core/capture/parse-context';
import { claudeCodeProvider } from '../core/providers/claude-code';
import { jsonPieces } from './json-pieces';

const whole = (v: unknown) => JSON.stringify(v, null, 2);
const pieced = (v: unknown) => [...jsonPieces(v)].join('');

describe('JSON in pieces', () => {
  it('joins to exactly what JSON.stringify(value, null, 2) writes for every Claude Code fixture conversation', async () => {
    const files = provenanceFor('claude-code').slice(0, 6);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) for (const c of await claudeCodeProvider.parse(fileParseContext(f.absPath))) expect(pieced(c)).toBe(whole(c));
  });

  it('writes the edge cases JSON.stringify does: empty containers, left-out and null values, toJSON, odd numbers', () => {
    const value = {
      empty: [],
      none: {},
      gone: undefined,
      fn: () => 1,
      list: [undefined, null, () => 2, 1.5e300, Number.NaN, -0, true, 'a"b\\c\u001b\n'],
      nested: { deeper: [{ a: 1 }, [], [[]]] },
      at: new Date('2026-01-02T03:04:05.000Z'),
      bytes: Buffer.from('hi'),
    };
    expect(pieced(value)).toBe(whole(value));
    for (const v of [null, 1, 'x', [], {}, [[1, 2], { b: [3] }]]) expect(pieced(v)).toBe(whole(v));
  });

  it('slices a long string without cutting a surrogate pair, and escapes lone surrogates as JSON.stringify does', () => {
    const pair = '😀';
    // The pair straddles the 64 Ki slice boundary at every offset tried.
    for (const pad of [65535, 65534, 131071]) {
      const s = `${'x'.repeat(pad)}${pair.repeat(3)}\ud800 lone \udc00${'y'.repeat(70000)}`;
      const out = [...jsonPieces({ s })];
      expect(out.length).toBeGreaterThan(4);
      expect(out.join('')).toBe(whole({ s }));
    }
  });
});
