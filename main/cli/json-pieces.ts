/**
 * `JSON.stringify(value, null, 2)` as a sequence of pieces, so a conversation of hundreds of MB
 * is written as it is walked instead of first becoming one string (and its escaped copy): a
 * long string comes in slices of STRING_SLICE characters. Joined, the pieces are exactly what
 * JSON.stringify gives for the plain data the CLI prints (objects, arrays, strings, numbers,
 * booleans, null, toJSON), far strings included (shared/far-strings.ts: written as the text they stand for).
 */
import { farPieces } from '../../shared/far-strings';
import { stringSlices } from '../../shared/string-slices';

const STRING_SLICE = 64 * 1024;

export function* jsonPieces(value: unknown, indent = '', key = ''): Generator<string> {
  const v = jsonValue(value, key);
  if (typeof v === 'string') return yield* stringPieces(v);
  if (v === null || typeof v !== 'object') return yield String(JSON.stringify(v));
  const inner = `${indent}  `;
  if (Array.isArray(v)) {
    if (v.length === 0) return yield '[]';
    yield '[\n';
    for (let i = 0; i < v.length; i += 1) {
      yield i ? `,\n${inner}` : inner;
      // Like JSON.stringify: what has no JSON form is null inside an array.
      if (jsonValue(v[i], String(i)) === undefined) yield 'null';
      else yield* jsonPieces(v[i], inner, String(i));
    }
    return yield `\n${indent}]`;
  }
  const record = v as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => jsonValue(record[k], k) !== undefined);
  if (keys.length === 0) return yield '{}';
  yield '{\n';
  for (let i = 0; i < keys.length; i += 1) {
    yield `${i ? ',\n' : ''}${inner}${JSON.stringify(keys[i])}: `;
    yield* jsonPieces(record[keys[i]], inner, keys[i]);
  }
  yield `\n${indent}}`;
}

/** The value JSON.stringify writes for `value` (after toJSON), or undefined when it leaves it out. */
function jsonValue(value: unknown, key: string): unknown {
  const v = value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON: (k: string) => unknown }).toJSON(key) : value;
  return v === undefined || typeof v === 'function' || typeof v === 'symbol' ? undefined : v;
}

/**
 * A long string as JSON in slices; stringSlices never cuts a surrogate pair (each half would be
 * escaped alone). A string holding far strings (a huge stored output, or the native record that
 * holds one) is written as the text they stand for, read a slice at a time (farPieces keeps pairs whole too).
 */
function* stringPieces(s: string): Generator<string> {
  const far = farPieces(s);
  if (!far && s.length <= STRING_SLICE) return yield JSON.stringify(s);
  yield '"';
  for (const piece of far ?? [s]) for (const slice of stringSlices(piece, STRING_SLICE)) yield JSON.stringify(slice).slice(1, -1);
  yield '"';
}

/** `JSON.stringify(value, null, 2)` and a line break, as `dejavu` writes a JSON document. */
export function* jsonDocument(value: unknown): Generator<string> {
  yield* jsonPieces(value);
  yield '\n';
}

/** The pieces joined into chunks of about `size` characters, to hand to a stream or a file. */
export function* jsonChunks(pieces: Iterable<string>, size = 64 * 1024): Generator<string> {
  let chunk = '';
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
