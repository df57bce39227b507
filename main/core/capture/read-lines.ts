/**
 * Streams the complete lines of a file without reading it whole. A file that is still being
 * written is read up to its last newline: the half-written tail waits for the next sync.
 * UTF-8 (with or without a byte-order mark) is read as bytes; a UTF-16 file is decoded as such.
 */
import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import type { SourceLine } from '../providers/kit/provider';
import { parseJson } from '../providers/kit/parse-json';
import { openSource, type SourceHandle } from './source-handle';
import { decodeText, SNIFF_BYTES, type SniffedEncoding, sniffEncoding } from './text-encoding';

const CHUNK = 1 << 20;

export interface ReadLinesOptions {
  /** Byte offset to start at (a line boundary). */
  readonly start?: number;
  /** Read no further than this byte offset (the size seen when the sync started). */
  readonly end?: number;
  /** First line number to report (1-based), when starting mid-file. */
  readonly firstLineNo?: number;
  /**
   * What to do with a last line that has no newline after it: it may be a record the agent
   * is still writing, or a finished file that simply ends without one. `drop` (default)
   * leaves it; `include` yields it; `if-json` yields it only when it is already a whole JSON
   * value, so a JSONL record half-written is left for the next read and a complete one is not lost.
   */
  readonly tail?: 'drop' | 'include' | 'if-json';
  /**
   * The file is no longer being written, so a last line `if-json` would leave will never be
   * finished: yield it anyway, marked `cut` (with a note saying so), for what can be kept of it.
   */
  readonly finished?: boolean;
  /**
   * A line longer than this many bytes is not made a string: it comes with empty text and `far`
   * (its bytes in the file), for a reader that reads it in pieces (kit/json-value-stream.ts). A
   * last line without its newline is still read whole.
   */
  readonly farLineBytes?: number;
}

/** Said on a line with bytes that are not UTF-8 (decoding shows each as U+FFFD). */
export const NOT_UTF8_NOTE = 'Bytes that are not UTF-8 in this line; each is kept as �';

/** Said on a cut last line, for the warning. */
export const CUT_LINE_NOTE = 'The file ends in the middle of this line (no newline after it) and is no longer being written: the line is cut short';

interface RawLine {
  readonly text: string;
  readonly endOffset: number;
  /** Some of its bytes were not UTF-8. */
  readonly notUtf8?: boolean;
  /** Its length in the file, where the text's own length in UTF-8 may differ (bytes that were not UTF-8). */
  readonly bytes?: number;
  /** Longer than `farLineBytes`: not read into `text`. */
  readonly far?: boolean;
}

export async function* readLines(filePath: string, options: ReadLinesOptions = {}): AsyncGenerator<SourceLine> {
  const handle = await openSource(filePath);
  try {
    // A compressed file is read whole: the size and offsets given are the file's, not what it holds.
    const compressed = handle.decompressed;
    const end = (compressed ? undefined : options.end) ?? (await handle.size());
    const sniffed = await sniff(handle);
    const start = Math.max(compressed ? 0 : (options.start ?? 0), sniffed.bomBytes);
    const lines = sniffed.encoding === 'utf8' ? utf8Lines(handle, start, end, options.farLineBytes ?? Infinity) : utf16Lines(handle, sniffed.encoding, start, end);
    let lineNo = options.firstLineNo ?? 1;
    // The encoding is said once, on the first line with something in it.
    let note = start === sniffed.bomBytes ? sniffed.note : undefined;
    let tail: RawLine | undefined;
    for await (const line of lines) {
      if (line.endOffset === -1) {
        tail = line;
        break;
      }
      const encodingNotes = note && (line.far || line.text.trim()) ? [note] : [];
      if (encodingNotes.length) note = undefined;
      const notes = line.notUtf8 ? [...encodingNotes, NOT_UTF8_NOTE] : encodingNotes;
      const far = line.far ? { far: { start: line.endOffset - line.bytes! - 1, end: line.endOffset - 1 } } : {};
      yield { text: line.text, lineNo, endOffset: line.endOffset, ...far, ...(notes.length ? { notes } : {}) };
      lineNo += 1;
    }
    // A cut last line is read whole, however long: what can be kept of it is found in its text (json-cut.ts).
    if (tail?.far) tail = { ...tail, text: await textAt(handle, end - tail.bytes!, end) };
    if (!tail || !tail.text) return;
    const mode = options.tail ?? 'drop';
    const whole = mode === 'include' || (mode === 'if-json' && isWholeJson(tail.text));
    const tailNotes = [...(note ? [note] : []), ...(tail.notUtf8 ? [NOT_UTF8_NOTE] : [])];
    if (whole) {
      yield { text: tail.text, lineNo, endOffset: end, ...(tailNotes.length ? { notes: tailNotes } : {}) };
    } else if (mode === 'if-json' && (options.finished || compressed)) {
      // endOffset stays at the line's start: a cursor never steps past a line still to be completed.
      const lineStart = end - (tail.bytes ?? byteLength(tail.text, sniffed));
      yield { text: tail.text, lineNo, endOffset: lineStart, cut: true, notes: [...tailNotes, CUT_LINE_NOTE] };
    }
  } finally {
    await handle.close();
  }
}

async function sniff(handle: SourceHandle): Promise<SniffedEncoding> {
  const head = Buffer.alloc(SNIFF_BYTES);
  const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
  return sniffEncoding(head.subarray(0, bytesRead));
}

function byteLength(text: string, sniffed: SniffedEncoding): number {
  return sniffed.encoding === 'utf8' ? Buffer.byteLength(text) : text.length * 2;
}

/**
 * Lines of UTF-8 bytes [start, end), split on the newline byte; the last one without a newline
 * comes with endOffset -1.
 */
async function* utf8Lines(handle: SourceHandle, start: number, end: number, farLineBytes: number): AsyncGenerator<RawLine> {
  let position = start;
  const buffer = Buffer.allocUnsafe(CHUNK);
  const pending = new PendingLine(farLineBytes);
  while (position < end) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, end - position), position);
    if (bytesRead === 0) break;
    let lineStart = 0;
    for (let nl = buffer.indexOf(10, 0); nl !== -1 && nl < bytesRead; nl = buffer.indexOf(10, nl + 1)) {
      const line = pending.take(buffer.subarray(lineStart, nl));
      lineStart = nl + 1;
      yield { text: line.text, endOffset: position + nl + 1, bytes: line.bytes, ...(line.far && { far: true }), ...(line.notUtf8 && { notUtf8: true }) };
    }
    // Copy: the shared buffer is overwritten by the next read.
    if (lineStart < bytesRead) pending.add(Buffer.from(buffer.subarray(lineStart, bytesRead)));
    position += bytesRead;
  }
  if (pending.bytes > 0) {
    const line = pending.take(Buffer.alloc(0));
    yield { text: line.text, endOffset: -1, bytes: line.bytes, ...(line.far && { far: true }), ...(line.notUtf8 && { notUtf8: true }) };
  }
}

/**
 * The bytes of a line read so far. `take` hands out its text and lets the bytes go at once,
 * outside the generator: a suspended generator keeps its temporaries, and a 100 MB line must
 * not be held as bytes (twice: its pieces and their join) while its reader works on the text.
 */
class PendingLine {
  private pieces: Buffer[] = [];
  bytes = 0;
  private readonly decoder = new StringDecoder('utf8');
  /** Past farLineBytes: the bytes are only counted and checked, not kept. */
  private far?: FarCheck;

  constructor(private readonly farLineBytes: number) {}

  add(piece: Buffer): void {
    this.bytes += piece.length;
    if (!this.far && this.bytes > this.farLineBytes) this.goFar();
    if (this.far) this.far.add(piece);
    else this.pieces.push(piece);
  }

  take(last: Buffer): { text: string; bytes: number; notUtf8: boolean; far?: boolean } {
    if (!this.far && this.bytes + last.length > this.farLineBytes) this.goFar();
    if (this.far) {
      this.far.add(last);
      const line = { text: '', bytes: this.bytes + last.length, notUtf8: this.far.end(), far: true };
      this.far = undefined;
      this.bytes = 0;
      return line;
    }
    const whole = this.bytes ? Buffer.concat([...this.pieces, last]) : last;
    this.pieces = [];
    this.bytes = 0;
    return { text: decodeLine(this.decoder, whole), bytes: whole.length, notUtf8: !isUtf8(whole) };
  }

  private goFar(): void {
    this.far = new FarCheck();
    for (const piece of this.pieces) this.far.add(piece);
    this.pieces = [];
  }
}

/** Whether a line's bytes, seen piece by piece, are all UTF-8 (a character split between pieces is carried over). */
class FarCheck {
  private carry = Buffer.alloc(0);
  private notUtf8 = false;

  add(piece: Buffer): void {
    const bytes = this.carry.length ? Buffer.concat([this.carry, piece]) : piece;
    const whole = wholeCharacters(bytes);
    if (!this.notUtf8 && !isUtf8(bytes.subarray(0, whole))) this.notUtf8 = true;
    this.carry = Buffer.from(bytes.subarray(whole));
  }

  /** True when some bytes were not UTF-8. */
  end(): boolean {
    return this.notUtf8 || !isUtf8(this.carry);
  }
}

/** How many of `bytes` end where a UTF-8 character ends (a last character still short of its bytes is left out). */
function wholeCharacters(bytes: Buffer): number {
  for (let k = 1; k <= Math.min(3, bytes.length); k += 1) {
    const c = bytes[bytes.length - k];
    if ((c & 0xc0) === 0x80) continue;
    const length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return length > k ? bytes.length - k : bytes.length;
  }
  return bytes.length;
}

/** Bytes [from, to) of the file as text. */
async function textAt(handle: SourceHandle, from: number, to: number): Promise<string> {
  const bytes = Buffer.allocUnsafe(to - from);
  let got = 0;
  while (got < bytes.length) {
    const { bytesRead } = await handle.read(bytes, got, bytes.length - got, from + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return decodeLine(new StringDecoder('utf8'), bytes.subarray(0, got));
}

/** The same for UTF-16: every code unit is two bytes, so offsets follow from string lengths. */
async function* utf16Lines(handle: SourceHandle, encoding: 'utf16le' | 'utf16be', start: number, end: number): AsyncGenerator<RawLine> {
  const decoder = new TextDecoder(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be', { ignoreBOM: true });
  const buffer = Buffer.allocUnsafe(CHUNK);
  let position = start;
  let offset = start;
  let pending = '';
  while (position < end) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, end - position), position);
    if (bytesRead === 0) break;
    position += bytesRead;
    pending += decoder.decode(buffer.subarray(0, bytesRead), { stream: position < end });
    let lineStart = 0;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n', lineStart)) {
      offset += (nl + 1 - lineStart) * 2;
      yield { text: stripCr(pending.slice(lineStart, nl)), endOffset: offset };
      lineStart = nl + 1;
    }
    pending = pending.slice(lineStart);
  }
  if (pending) yield { text: stripCr(pending), endOffset: -1 };
}

function isWholeJson(text: string): boolean {
  if (!text.trim()) return false;
  try {
    parseJson(text);
    return true;
  } catch {
    return false;
  }
}

function decodeLine(decoder: StringDecoder, bytes: Buffer): string {
  return stripCr(decoder.write(bytes) + decoder.end());
}

function stripCr(text: string): string {
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/** The first `limit` bytes of a file as text, for content detection. */
export async function readHead(filePath: string, limit = 64 * 1024): Promise<string> {
  const handle = await openSource(filePath);
  try {
    const buffer = Buffer.alloc(limit);
    const { bytesRead } = await handle.read(buffer, 0, limit, 0);
    return decodeText(buffer.subarray(0, bytesRead)).text;
  } finally {
    await handle.close();
  }
}
