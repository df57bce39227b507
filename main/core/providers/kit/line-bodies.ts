/**
 * Where the bodies (parts and native line) of a huge file's messages are, so they are read again
 * from the file when asked for instead of held: a parser notes where each message's lines are,
 * and its provider re-reads and re-parses them on each use (claude-code/message-table.ts keeps
 * one body, so a writer asking for both `parts` and `native` in turn reads once).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Part } from '../../../../shared/record';
import { FloatColumn, IntColumn } from './int-column';
import type { SourceLine } from './provider';
import type { SpillFile } from './spill-file';

/** Where one line of a UTF-8 file is: bytes [start, end), the newline included. */
export interface LineRef {
  readonly start: number;
  readonly end: number;
  readonly lineNo: number;
}

/** A message's body: its parts and native text. */
export interface MessageBody {
  readonly parts: Part[];
  readonly native?: string;
}

/** A piece of a message's body: a line to read again, or what stayed in memory (a cut last line). */
export type BodyPiece = LineRef | MessageBody;

/**
 * Where the body of each message is: a chain of pieces per body, kept in columns (20 bytes
 * a piece, or a spill file's, where an object and an array per message would be ~100, and a map from message ids
 * ~40 more). A body is known by its number (the index of its first piece), which the parser
 * keeps beside its message: nothing here is keyed by message id. What a huge file's read holds
 * per message besides its metadata.
 */
export class BodyPlaces {
  private readonly starts: FloatColumn;
  /** A line's length in bytes, as an unsigned 32-bit count: no line that one JS string can hold is 4 GiB long. */
  private readonly lengths: IntColumn;
  private readonly lineNos: IntColumn;
  /** The piece after this one in the same body (-1: none). */
  private readonly next: IntColumn;
  private count = 0;
  /** Pieces kept in memory (a cut last line), by piece number. */
  private readonly inMemory = new Map<number, MessageBody>();

  /** `spill`: a huge file's read keeps the places there (spill-file.ts), not in memory. */
  constructor(spill?: SpillFile) {
    this.starts = new FloatColumn(spill);
    this.lengths = new IntColumn(0, spill);
    this.lineNos = new IntColumn(0, spill);
    this.next = new IntColumn(-1, spill);
  }

  /** Starts a body with its first piece; returns the body's number. */
  start(piece: BodyPiece): number {
    return this.push(piece);
  }

  /** Adds a piece to body `body` (found by walking its chain: a body is a message's few records, not worth a column). */
  add(body: number, piece: BodyPiece): void {
    let last = body;
    while (this.next.get(last) !== -1) last = this.next.get(last);
    this.next.set(last, this.push(piece));
  }

  /** The pieces of body `body`, in order. */
  pieces(body: number): BodyPiece[] {
    const out: BodyPiece[] = [];
    for (let at = body; at !== -1; at = this.next.get(at)) {
      const start = this.starts.get(at);
      out.push(this.inMemory.get(at) ?? { start, end: start + (this.lengths.get(at) >>> 0), lineNo: this.lineNos.get(at) });
    }
    return out;
  }

  /** How many pieces are held. */
  get size(): number {
    return this.count;
  }

  /** The bytes of memory its tables take (room not used yet included). */
  get byteLength(): number {
    return this.starts.byteLength + this.lengths.byteLength + this.lineNos.byteLength + this.next.byteLength;
  }

  /** Gives back the room grown for pieces that never came: called once the read is over. */
  trim(): void {
    for (const column of [this.starts, this.lengths, this.lineNos, this.next]) column.trim(this.count);
  }

  private push(piece: BodyPiece): number {
    const at = this.count;
    this.count += 1;
    if ('parts' in piece) this.inMemory.set(at, piece);
    else {
      this.starts.set(at, piece.start);
      this.lengths.set(at, (piece.end - piece.start) | 0);
      this.lineNos.set(at, piece.lineNo);
    }
    return at;
  }
}

/** Said when a line read again is not the record it was: the file was rewritten while it was archived. */
export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
}

/** Bytes read at once around a line: the lines after it are usually the next ones asked for. */
const WINDOW = 1024 * 1024;

/**
 * Reads lines of one file again by their byte ranges, a window of ~1 MiB at a time (a file opened
 * per window, not per line: a huge file's bodies are read in file order, three times over). A
 * line longer than the window is read on its own and not kept. Made per read of a file, so
 * nothing read before that read began is ever given back. Every window is read into the same
 * buffer: a new 1 MiB buffer per window was garbage outside the heap that V8 let pile up (~64 MB
 * before it collects for it), and glibc then kept the room (README, "One huge session: peak memory").
 */
export class LineReader {
  private window: Buffer = Buffer.alloc(0);
  private windowStart = 0;
  /** The one buffer every window is read into (allocated at the first window). */
  private room?: Buffer;

  constructor(private readonly filePath: string) {}

  /** One line read again by its byte range, decoded as read-lines.ts decodes it. */
  read(ref: LineRef): SourceLine {
    const length = ref.end - ref.start;
    if (ref.start < this.windowStart || ref.end > this.windowStart + this.window.length) {
      // Let go of the old window first: its bytes are about to be overwritten.
      this.window = Buffer.alloc(0);
      const long = length > WINDOW;
      const bytes = this.readAt(ref.start, long ? Buffer.allocUnsafe(length) : (this.room ??= Buffer.allocUnsafe(WINDOW)));
      if (bytes.length < length) throw new SourceChangedError(`line ${ref.lineNo} is no longer where it was: the file shrank while it was archived`);
      if (long) return lineOf(bytes.subarray(0, length), ref);
      this.window = bytes;
      this.windowStart = ref.start;
    }
    const at = ref.start - this.windowStart;
    return lineOf(this.window.subarray(at, at + length), ref);
  }

  /** Up to `into.length` bytes from `position` (fewer at the end of the file), read into `into`. */
  private readAt(position: number, into: Buffer): Buffer {
    const bytes = into;
    const size = into.length;
    const fd = openSync(this.filePath, 'r');
    let got = 0;
    try {
      while (got < size) {
        const n = readSync(fd, bytes, got, size - got, position + got);
        if (n === 0) break;
        got += n;
      }
    } finally {
      closeSync(fd);
    }
    return bytes.subarray(0, got);
  }
}

function lineOf(bytes: Buffer, ref: LineRef): SourceLine {
  const body = bytes[bytes.length - 1] === 10 ? bytes.subarray(0, -1) : bytes;
  const decoder = new StringDecoder('utf8');
  let text = decoder.write(body) + decoder.end();
  if (text.endsWith('\r')) text = text.slice(0, -1);
  // A byte-order mark: read-lines.ts starts after it.
  if (ref.start === 0 && text.startsWith('\uFEFF')) text = text.slice(1);
  return { text, lineNo: ref.lineNo, endOffset: ref.end };
}
