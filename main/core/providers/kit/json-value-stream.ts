/**
 * One JSON line of a file read without making it one string (main/core/README.md, "One huge
 * session file"): its structure is copied as usual, but each string value of `bigBytes` or more
 * is left in the file and stood for by a far string (shared/far-strings.ts) that reads it again,
 * slice by slice, when the archive writes it. A string is made far only when reading it back
 * gives exactly what JSON.parse of the whole line would (valid UTF-8, no raw control character,
 * no `\u` escape of half a character) and the JSON.stringify of it is what the file holds (the
 * native record then keeps it as a content-store marker that spells it back the same);
 * otherwise the caller reads the line whole, as any other.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { type FarText, farString } from '../../../../shared/far-strings';

/** Bytes read at once. */
const WINDOW = 1024 * 1024;
/** Bytes of a far string decoded at once. */
export const FAR_SLICE_BYTES = 1024 * 1024;

/** Lines longer than this are read so (`DEJAVU_FAR_LINE_BYTES` to try it on small files): 8 MiB. */
export function farLineBytes(): number {
  return Number(process.env.DEJAVU_FAR_LINE_BYTES) || 8 * 1024 * 1024;
}

/** Strings this long or longer in such a line are left in the file (`DEJAVU_FAR_STRING_BYTES`): 1 MiB. */
export function farStringBytes(): number {
  return Number(process.env.DEJAVU_FAR_STRING_BYTES) || 1024 * 1024;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The line in bytes [start, end) of `filePath` (a newline or CR at its end is not its text; nor is
 * a byte-order mark at the file's start) with its big strings far,
 * or undefined when it has none that can be (the caller then reads it whole).
 */
export function scanLine(filePath: string, start: number, end: number, bigBytes: number): string | undefined {
  const out = new ByteSink();
  /** Each far string: its bytes [start, end) in the file, and where in `out` it goes. */
  const far: [number, number, number][] = [];
  const fd = openSync(filePath, 'r');
  try {
    const chunk = Buffer.allocUnsafe(WINDOW);
    let inString = false;
    let escaped = false;
    let stringStart = 0;
    /** Where in `out` the current string's content begins (its bytes may be copied already). */
    let mark = 0;
    let farNow = false;
    /** The first byte not copied to `out` yet (undefined while inside a far string). */
    let copyFrom: number | undefined = start;
    for (let at = start; at < end; ) {
      const n = readSync(fd, chunk, 0, Math.min(WINDOW, end - at), at);
      if (n === 0) return undefined; // the file shrank: read whole, which will say so
      const bytes = chunk.subarray(0, n);
      const next = new NextOf(bytes, n);
      for (let i = 0; i < n; i += 1) {
        const b = bytes[i];
        if (!inString) {
          if (b === QUOTE) {
            inString = true;
            stringStart = at + i + 1;
            mark = out.length + (stringStart - copyFrom!);
          }
          continue;
        }
        if (escaped) escaped = false;
        else if (b === BACKSLASH) escaped = true;
        else if (b === QUOTE) {
          inString = false;
          if (farNow) {
            far.push([stringStart, at + i, out.length]);
            copyFrom = at + i;
            farNow = false;
          }
          continue;
        } else {
          // Most of a long string is neither: skip to the next quote or backslash, unless the string gets too long before it.
          const to = Math.min(next.of(QUOTE, i), next.of(BACKSLASH, i));
          if (farNow || at + to - stringStart < bigBytes) {
            i = to - 1;
            continue;
          }
        }
        if (!farNow && at + i - stringStart >= bigBytes) {
          // Too long to copy: what was copied of it goes, and nothing more is until it ends.
          if (copyFrom! <= stringStart) out.push(bytes.subarray(copyFrom! - at, stringStart - at));
          else out.truncate(mark);
          copyFrom = undefined;
          farNow = true;
        }
      }
      if (copyFrom !== undefined) out.push(bytes.subarray(copyFrom - at, n));
      at += n;
      if (copyFrom !== undefined) copyFrom = at;
    }
    if (inString || far.length === 0) return undefined;
  } finally {
    closeSync(fd);
  }
  for (const [s, e] of far) if (!farStringReadable(filePath, s, e)) return undefined;
  // The copied bytes decoded between the far strings (each cut is at a quote: no character is split).
  const pieces: string[] = [];
  let from = 0;
  for (const [s, e, at] of far) {
    pieces.push(out.text(from, at), JSON.stringify(farString(`${filePath}\u0000${s}\u0000${e}`, farTextAt(filePath, s, e))).slice(1, -1));
    from = at;
  }
  pieces.push(out.text(from, out.length));
  let text = pieces.join('');
  if (text.endsWith('\n')) text = text.slice(0, -1);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  return start === 0 && text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** A far string's text, read again from the file each time. */
function farTextAt(filePath: string, start: number, end: number): FarText {
  return { slices: () => farSlices(filePath, start, end) };
}

/** Where the next of a byte is in bytes [0, n) (n: none), each looked for again only once passed. */
class NextOf {
  private readonly found = new Map<number, number>();
  constructor(
    private readonly bytes: Buffer,
    private readonly n: number,
  ) {}

  of(byte: number, from: number): number {
    let at = this.found.get(byte);
    if (at === undefined || at < from) {
      const i = this.bytes.indexOf(byte, from);
      at = i === -1 || i >= this.n ? this.n : i;
      this.found.set(byte, at);
    }
    return at;
  }
}

/** Strings found readable, by file and range: a huge line is read again three times over (writer, indexer, digest). */
const readable = new Set<string>();

/** Whether every slice of the string reads back as it would whole (the decode throws otherwise). */
function farStringReadable(filePath: string, start: number, end: number): boolean {
  const key = `${filePath}\u0000${start}\u0000${end}`;
  if (readable.has(key)) return true;
  try {
    for (const _slice of farSlices(filePath, start, end)) {
      // read through: only whether it decodes matters here
    }
    readable.add(key);
    return true;
  } catch {
    return false;
  }
}

/** Said when a far string does not read back as it did (the file changed, or it is not what a far string may be). */
export class FarStringError extends Error {
  override readonly name = 'FarStringError';
}

/**
 * The JSON string content in bytes [start, end) (between its quotes) decoded in slices of about
 * `sliceBytes`, each cut where no escape and no UTF-8 character is split.
 */
export function* farSlices(filePath: string, start: number, end: number, sliceBytes = FAR_SLICE_BYTES): Generator<string> {
  const fd = openSync(filePath, 'r');
  try {
    // A few bytes past the slice are read to see whether the cut would split a character.
    const buffer = Buffer.allocUnsafe(sliceBytes + 4);
    for (let at = start; at < end; ) {
      const want = Math.min(sliceBytes + 4, end - at);
      const n = readSync(fd, buffer, 0, want, at);
      if (n < want) throw new FarStringError(`${filePath} shrank while it was archived; sync again`);
      const cut = at + n === end ? n : safeCut(buffer, sliceBytes);
      yield decodedSlice(buffer.subarray(0, cut), filePath);
      at += cut;
    }
  } finally {
    closeSync(fd);
  }
}

/** Where bytes [0, n) of a string's raw content may be cut: not inside an escape, nor a UTF-8 character. */
function safeCut(bytes: Buffer, n: number): number {
  let cut = n;
  // A continuation byte (10xxxxxx) is never where a character starts.
  for (let back = 0; back < 3 && cut > 1 && (bytes[cut] & 0xc0) === 0x80; back += 1) cut -= 1;
  if ((bytes[cut] & 0xc0) === 0x80) return n; // not UTF-8 here: the slice's decode says so
  // Within a `\uXXXX` (or right after its backslash): cut before its backslash.
  for (let j = Math.max(0, cut - 5); j < cut; j += 1) {
    if (bytes[j] === BACKSLASH && escapesNext(bytes, j)) {
      if (j === cut - 1 || (bytes[j + 1] === 0x75 /* u */ && j + 6 > cut)) return j > 0 ? j : n;
      j += 1;
    }
  }
  return cut;
}

/** Whether the backslash at `j` starts an escape (an even number of backslashes before it). */
function escapesNext(bytes: Buffer, j: number): boolean {
  let run = 0;
  for (let k = j - 1; k >= 0 && bytes[k] === BACKSLASH; k -= 1) run += 1;
  return run % 2 === 0;
}

const RAW_CONTROL = /[\u0000-\u001f]/;
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

function decodedSlice(raw: Buffer, filePath: string): string {
  if (!isUtf8(raw)) throw new FarStringError(`${filePath}: a long string holds bytes that are not UTF-8`);
  const text = raw.toString('utf8');
  if (RAW_CONTROL.test(text) || SURROGATE_ESCAPE.test(text)) throw new FarStringError(`${filePath}: a long string holds a raw control character or half a character`);
  const quoted = `"${text}"`;
  let decoded: string;
  try {
    decoded = JSON.parse(quoted) as string;
  } catch {
    throw new FarStringError(`${filePath}: a long string is not a JSON string`);
  }
  if (JSON.stringify(decoded) !== quoted) throw new FarStringError(`${filePath}: a long string is escaped otherwise than JSON.stringify writes it`);
  return decoded;
}

/** Bytes appended to one growing buffer that can be cut back. */
class ByteSink {
  private buf = Buffer.allocUnsafe(64 * 1024);
  length = 0;

  push(bytes: Buffer): void {
    if (this.length + bytes.length > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + bytes.length));
      this.buf.copy(grown, 0, 0, this.length);
      this.buf = grown;
    }
    bytes.copy(this.buf, this.length);
    this.length += bytes.length;
  }

  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  text(from: number, to: number): string {
    return this.buf.toString('utf8', from, to);
  }
}
