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
 * From this length on, protobufjs's BufferWriter writes a string with Node's UTF-8 encoder, which
 * writes a lone surrogate as U+FFFD itself (and counts it so): the scan for one is left out, it
 * was a tenth of a capture's CPU (native records are long). codec.test.ts holds both paths to it.
 */
const NODE_ENCODED_CHARS = 0x80;

export class WellFormedWriter extends protobuf.BufferWriter {
  override string(value: string): protobuf.Writer {
    if (value.length >= NODE_ENCODED_CHARS) return super.string(value);
    const s = value as string & WellFormed;
    return super.string(s.isWellFormed() ? value : s.toWellFormed());
  }
}

export class LenientReader extends protobuf.BufferReader {
  /** A byte sequence that is not UTF-8 reads as U+FFFD instead of failing the blob. */
  override stringVerify(): string {
    return this.string();
  }
}
