/**
 * Redaction window by window (a far string's text, read a slice at a time) must find exactly what
 * redactText finds in the whole text: real session lines with every detector's fake secret
 * spliced in, cut at random places, and with a cut (and a window's edge) inside each secret.
 */
import { describe, expect, it } from 'vitest';
import { random } from '../../../test/random';
import { CASES, LINES, realLine } from '../../../test/secret-cases';
import { findSecretsInPieces, maskedPieces } from './redact-pieces';
import { findSecrets, redactText } from './redact-text';

/** `text` as it sits inside a JSON string `times` levels deep. */
function escaped(text: string, times: number): string {
  let s = text;
  for (let i = 0; i < times; i++) s = JSON.stringify(s).slice(1, -1);
  return s;
}

/** Each case's secret spliced into its real line, as the line holds it. */
const spliced = CASES.map((c) => {
  const { anchor, escapes } = LINES[c.where];
  const secret = escaped(c.text, escapes);
  const line = realLine(c.where).replace(anchor, `${anchor} ${secret}`);
  return { kind: c.kind, line, at: line.indexOf(secret), length: secret.length };
});
/** Every real line with no secret: room around the one under test. */
const filler = (Object.keys(LINES) as (keyof typeof LINES)[]).map(realLine).join('\n');

/** What the windowed read gives, as redactText's shape. */
function windowed(pieces: readonly string[], overlap: number, step: number) {
  const found = findSecretsInPieces(pieces, overlap, step);
  return { found: found.map(({ start, end, kind }) => ({ start, end, kind })), secrets: found.map((f) => f.secret), text: [...maskedPieces(pieces, found)].join('') };
}

function expectSameAsWhole(text: string, pieces: readonly string[], overlap: number, step: number): void {
  const whole = redactText(text);
  const got = windowed(pieces, overlap, step);
  expect(got.found).toEqual(findSecrets(text));
  expect(got.secrets).toEqual(whole.found.map((f) => text.slice(f.start, f.end)));
  expect(got.text).toBe(whole.text);
}

describe('redaction window by window', () => {
  const text = Array.from({ length: 3 }, () => spliced.map((s) => s.line).join('\n')).join('\n');

  it('finds every secret of real lines as redactText does, whatever the cuts and window sizes', () => {
    expect(findSecrets(text).length).toBeGreaterThanOrEqual(CASES.length * 3);
    for (let seed = 1; seed <= 25; seed++) {
      const next = random(seed);
      const pieces: string[] = [];
      for (let at = 0; at < text.length; ) {
        const n = 1 + Math.floor(next() * 6000);
        pieces.push(text.slice(at, at + n));
        at += n;
      }
      // The overlap is past the longest match here (a PEM key escaped twice: ~500 characters).
      expectSameAsWhole(text, pieces, 2048, 1000 + Math.floor(next() * 8000));
    }
  });

  it('finds a secret cut between two slices, with a window ending inside it too', () => {
    for (const s of spliced) {
      const all = `${s.line}\n${filler}`;
      for (let d = 1; d < s.length; d += Math.max(1, Math.floor(s.length / 40))) {
        const cut = s.at + d;
        // One character at a time past the cut, so the first window ends exactly at it.
        const pieces = [all.slice(0, cut), ...all.slice(cut, cut + 1100), all.slice(cut + 1100)];
        expectSameAsWhole(all, pieces, 1024, cut);
      }
    }
  });

  it('masks a secret that spans several pieces once, with its whole text as the counted secret', () => {
    const key = 'AKIAUJZDE8GXD6NCF10E';
    const pieces = ['use AKIA', 'UJZ', 'DE8GXD6', 'NCF10E for the bucket'];
    expect(windowed(pieces, 64, 16)).toEqual({ found: [{ start: 4, end: 24, kind: 'aws-key' }], secrets: [key], text: 'use [redacted: aws-key] for the bucket' });
  });
});
