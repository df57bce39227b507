/**
 * Strings in and out of a blob's protobuf. A JavaScript string may hold a lone surrogate (a
 * JSON `"\ud800"` escape in a session file, a text cut in the middle of an emoji); protobufjs
 * writes short ones as bytes that are not UTF-8, and its proto3 reader then refuses the whole
 * blob. So strings are written well-formed (a lone surrogate becomes U+FFFD, as a UTF-8 reader
 * would show it), and read leniently: a blob written before this must still open.
 */
import protobuf from 'protobufjs/minimal.js';

/** ES2024 string methods (Node 20+, every Electron we ship); the project's lib is ES2023. */
interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * Strings of this many characters or more are encoded in one pass (utf8Into below) instead of
 * protobufjs's two (its byte count, then the bytes): native records are long, and the count was
 * a tenth of a capture's CPU. The encoder writes a lone surrogate as U+FFFD, so these need no
 * scan for one either. Shorter ones go through protobufjs, made well-formed first.
 */
const ONE_PASS_CHARS = 0x80;

const encoder = new TextEncoder();

export class WellFormedWriter extends protobuf.BufferWriter {
  override string(value: string): protobuf.Writer {
    if (value.length >= ONE_PASS_CHARS) return this.utf8Into(value);
    const s = value as string & WellFormed;
    return super.string(s.isWellFormed() ? value : s.toWellFormed());
  }

  /**
   * The length prefix is sized for the character count (a lower bound of the bytes), the text
   * encoded right after it, and moved over in the rare case its byte count needs a longer prefix:
   * the same bytes protobufjs writes.
   */
  private utf8Into(value: string): this {
    const start = this.pos;
    const guessed = varintSize(value.length);
    let at = start + guessed;
    this.room(guessed + value.length);
    for (let read = 0; ; ) {
      const done = encoder.encodeInto(read ? value.slice(read) : value, this.buf.subarray(at));
      read += done.read;
      at += done.written;
      if (read >= value.length) break;
      this.pos = at;
      this.room(3 * (value.length - read));
    }
    const length = at - start - guessed;
    const size = varintSize(length);
    this.pos = at;
    if (size > guessed) {
      this.room(size - guessed);
      this.buf.copyWithin(start + size, start + guessed, at);
    }
    let v = length;
    let p = start;
    for (; v > 0x7f; v >>>= 7) this.buf[p++] = (v & 0x7f) | 0x80;
    this.buf[p] = v;
    this.pos = start + size + length;
    return this;
  }

  /** Room for `bytes` more after `pos` (what protobufjs's own, untyped, _reserve does). */
  private room(bytes: number): void {
    const need = this.pos + bytes;
    if (need <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
    grown.set(this.buf.subarray(0, this.pos));
    this.buf = grown;
    this.view = null;
  }
}

function varintSize(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

export class LenientReader extends protobuf.BufferReader {
  /** A byte sequence that is not UTF-8 reads as U+FFFD instead of failing the blob. */
  override stringVerify(): string {
    return this.string();
  }
}
