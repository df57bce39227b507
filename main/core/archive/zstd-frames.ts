/**
 * The frames of a zstd file, found by their headers (RFC 8878 §3.1.1). A text streamed into the
 * content store is written one frame per slice (Node has no synchronous streaming compressor), and
 * Node's zstd decompression stops at the end of the first frame, so each is decompressed on its own.
 */

const MAGIC = 0xfd2fb528;
const FCS_BYTES = [0, 2, 4, 8];
const DICT_BYTES = [0, 1, 2, 4];

/** The frames of `file`, in order; undefined when it is not a sequence of whole zstd frames. */
export function zstdFrames(file: Buffer): Buffer[] | undefined {
  const frames: Buffer[] = [];
  for (let at = 0; at < file.length; ) {
    const end = frameEnd(file, at);
    if (end === undefined) return undefined;
    frames.push(file.subarray(at, end));
    at = end;
  }
  return frames;
}

function frameEnd(file: Buffer, start: number): number | undefined {
  if (start + 6 > file.length || file.readUInt32LE(start) !== MAGIC) return undefined;
  const descriptor = file[start + 4];
  const singleSegment = (descriptor >> 5) & 1;
  const fcsFlag = descriptor >> 6;
  let at = start + 5 + (singleSegment ? 0 : 1) + DICT_BYTES[descriptor & 3] + (fcsFlag === 0 ? singleSegment : FCS_BYTES[fcsFlag]);
  for (;;) {
    if (at + 3 > file.length) return undefined;
    const header = file[at] | (file[at + 1] << 8) | (file[at + 2] << 16);
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    at += 3 + (type === 1 ? 1 : size); // an RLE block holds one byte, repeated `size` times
    if (header & 1) break;
  }
  if ((descriptor >> 2) & 1) at += 4; // content checksum
  return at <= file.length ? at : undefined;
}
