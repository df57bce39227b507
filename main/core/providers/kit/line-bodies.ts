/**
 * Messages of a huge file whose bodies (parts and native line) are read again from the file
 * when asked for, instead of held: a parser notes where each message's lines are, and the
 * message's `parts` and `native` re-read and re-parse them on each use (one body is cached, so
 * a writer asking for both in turn reads once). Memory then holds the messages' metadata only.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Message, Part } from '../../../../shared/record';
import type { SourceLine } from './provider';

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
 * Where the body of each message is, by message id: a chain of pieces kept in typed arrays (a
 * few bytes each, where an object and an array per message would be ~100): what a huge file's
 * read holds per message besides its metadata.
 */
export class BodyPlaces {
  private starts = new Float64Array(1024);
  private ends = new Float64Array(1024);
  private lineNos = new Uint32Array(1024);
  /** The piece before this one of the same message (-1: none): chains run from the last piece back. */
  private previous = new Int32Array(1024);
  private count = 0;
  /** Message id → its last piece. */
  private readonly last = new Map<string, number>();
  /** Pieces kept in memory (a cut last line), by piece number. */
  private readonly inMemory = new Map<number, MessageBody>();

  has(id: string): boolean {
    return this.last.has(id);
  }

  /** Starts the body of message `id` with a piece. */
  start(id: string, piece: BodyPiece): void {
    this.last.set(id, this.push(piece, -1));
  }

  /** Adds a piece to the body of a message already started; false when there is none. */
  add(id: string, piece: BodyPiece): boolean {
    const last = this.last.get(id);
    if (last === undefined) return false;
    this.last.set(id, this.push(piece, last));
    return true;
  }

  /** The pieces of message `id`, in order. */
  pieces(id: string): BodyPiece[] {
    const out: BodyPiece[] = [];
    for (let at = this.last.get(id) ?? -1; at !== -1; at = this.previous[at]) {
      out.push(this.inMemory.get(at) ?? { start: this.starts[at], end: this.ends[at], lineNo: this.lineNos[at] });
    }
    return out.reverse();
  }

  private push(piece: BodyPiece, previous: number): number {
    if (this.count === this.starts.length) this.grow();
    const at = this.count;
    this.count += 1;
    this.previous[at] = previous;
    if ('parts' in piece) this.inMemory.set(at, piece);
    else {
      this.starts[at] = piece.start;
      this.ends[at] = piece.end;
      this.lineNos[at] = piece.lineNo;
    }
    return at;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const grown = <T extends Float64Array | Uint32Array | Int32Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.starts = grown(this.starts, Float64Array);
    this.ends = grown(this.ends, Float64Array);
    this.lineNos = grown(this.lineNos, Uint32Array);
    this.previous = grown(this.previous, Int32Array);
  }
}

/** Said when a line read again is not the record it was: the file was rewritten while it was archived. */
export class SourceChangedError extends Error {
  override readonly name = 'SourceChangedError';
}

/** One line read again by its byte range, decoded as read-lines.ts decodes it. */
export function readLineAt(filePath: string, ref: LineRef): SourceLine {
  const bytes = Buffer.allocUnsafe(ref.end - ref.start);
  const fd = openSync(filePath, 'r');
  let got = 0;
  try {
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, ref.start + got);
      if (n === 0) break;
      got += n;
    }
  } finally {
    closeSync(fd);
  }
  if (got < bytes.length) throw new SourceChangedError(`line ${ref.lineNo} is no longer where it was: the file shrank while it was archived`);
  const body = bytes[bytes.length - 1] === 10 ? bytes.subarray(0, -1) : bytes;
  const decoder = new StringDecoder('utf8');
  let text = decoder.write(body) + decoder.end();
  if (text.endsWith('\r')) text = text.slice(0, -1);
  // A byte-order mark: read-lines.ts starts after it.
  if (ref.start === 0 && text.startsWith('\uFEFF')) text = text.slice(1);
  return { text, lineNo: ref.lineNo, endOffset: ref.end };
}

/**
 * Gives messages a body read through `load` on each use: `parts` and `native` become accessors.
 * The most recent body is kept, so asking for both reads once; assigning either replaces its
 * accessor with the value.
 */
export class BodyReader {
  private cached: { message: Message; body: MessageBody } | undefined;
  /** One pair of accessors for every message, so the messages keep one shape (a fast object, not a dictionary). */
  private readonly accessors: PropertyDescriptorMap;

  constructor(private readonly load: (message: Message) => MessageBody) {
    const bodyOf = (message: Message) => this.bodyOf(message);
    const accessor = (key: 'parts' | 'native'): PropertyDescriptor => ({
      get(this: Message) {
        return bodyOf(this)[key];
      },
      set(this: Message, value: unknown) {
        Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
      },
      enumerable: true,
      configurable: true,
    });
    this.accessors = { parts: accessor('parts'), native: accessor('native') };
  }

  /**
   * The message without its body, reading it through `load` instead. A new object, given the
   * accessors as new properties: messages then share V8 shapes (redefining `parts` in place turns
   * each into a dictionary, several times the size).
   */
  lazy(message: Message): Message {
    const { parts: _parts, native: _native, ...meta } = message;
    return Object.defineProperties(meta, this.accessors) as Message;
  }

  private bodyOf(message: Message): MessageBody {
    if (this.cached?.message !== message) this.cached = { message, body: this.load(message) };
    return this.cached.body;
  }
}
