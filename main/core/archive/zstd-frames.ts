/**
 * The frames of a zstd file, found by their headers (RFC 8878 §3.1.1). A text streamed into the
 * content store is written one frame per slice (Node has no synchronous streaming compressor), and
 * Node's zstd decompression stops at the end of the first frame, so each is decompressed on its own.
 */
import { readSync } from 'node:fs';

const MAGIC = 0xfd2fb528;
const FCS_BYTES = [0, 2, 4, 8];
const DICT_BYTES = [0, 1, 2, 4];

/** One frame's place in its file, and the size its header declares for its content (undefined when it declares none). */
export interface FrameSpan {
  readonly start: number;
  readonly end: number;
  readonly contentBytes: number | undefined;
}

/** `n` bytes of the file from `at` (fewer at its end). */
type ReadAt = (at: number, n: number) => Buffer;

/** The frames of `file`, in order; undefined when it is not a sequence of whole zstd frames. */
export function zstdFrames(file: Buffer): Buffer[] | undefined {
  return zstdFrameSpans((at, n) => file.subarray(at, at + n), file.length)?.map((f) => file.subarray(f.start, f.end));
}

/** The frames of an open file of `size` bytes, found by reading only their headers (the far read never holds the file). */
export function zstdFrameSpansOfFile(fd: number, size: number): FrameSpan[] | undefined {
  return zstdFrameSpans((at, n) => {
    const buf = Buffer.alloc(Math.max(0, Math.min(n, size - at)));
    let got = 0;
    while (got < buf.length) {
      const r = readSync(fd, buf, got, buf.length - got, at + got);
      if (r === 0) break;
      got += r;
    }
    return buf.subarray(0, got);
  }, size);
}

function zstdFrameSpans(read: ReadAt, size: number): FrameSpan[] | undefined {
  const frames: FrameSpan[] = [];
  for (let at = 0; at < size; ) {
    const frame = frameAt(read, size, at);
    if (frame === undefined) return undefined;
    frames.push(frame);
    at = frame.end;
  }
  return frames;
}

function frameAt(read: ReadAt, size: number, start: number): FrameSpan | undefined {
  const head = read(start, 18);
  if (head.length < 6 || head.readUInt32LE(0) !== MAGIC) return undefined;
  const descriptor = head[4];
  const singleSegment = (descriptor >> 5) & 1;
  const fcsFlag = descriptor >> 6;
  const fcsAt = 5 + (singleSegment ? 0 : 1) + DICT_BYTES[descriptor & 3];
  const fcsBytes = fcsFlag === 0 ? singleSegment : FCS_BYTES[fcsFlag];
  const contentBytes = fcsBytes === 0 || fcsAt + fcsBytes > head.length ? undefined : head.readUIntLE(fcsAt, Math.min(fcsBytes, 6)) + (fcsBytes === 2 ? 256 : 0);
  let at = start + fcsAt + fcsBytes;
  for (;;) {
    if (at + 3 > size) return undefined;
    const b = read(at, 3);
    if (b.length < 3) return undefined;
    const header = b[0] | (b[1] << 8) | (b[2] << 16);
    const type = (header >> 1) & 3;
    const blockSize = header >>> 3;
    at += 3 + (type === 1 ? 1 : blockSize); // an RLE block holds one byte, repeated `blockSize` times
    if (header & 1) break;
  }
  if ((descriptor >> 2) & 1) at += 4; // content checksum
  return at <= size ? { start, end: at, contentBytes } : undefined;
}
