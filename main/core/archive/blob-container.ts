/**
 * The bytes around a blob's protobuf: "DJV" + the container version, a compression byte, then
 * the record. Container 1 is one compressed `Conversation`. Container 2 is a sequence of frames
 * (a 4-byte big-endian length, then the compressed bytes): first the `Conversation` without its
 * messages, then `MessagePage`s of about PAGE_BYTES each. A page is encoded, compressed and
 * written before the next is made, and read one at a time, so a long conversation never sits
 * in memory as one protobuf buffer nor as one compressed one.
 */
import zlib from 'node:zlib';
import { ArchiveFormatError } from './format-error';
import { zstdCompress } from './zstd';

const MAGIC_1 = Buffer.from('DJV1', 'latin1');
const MAGIC_2 = Buffer.from('DJV2', 'latin1');
const COMPRESSION_NONE = 0;
const COMPRESSION_ZSTD = 1;
const COMPRESSION_GZIP = 2;

/** Uncompressed bytes of messages per page: small enough to hold twice, large enough to compress well. */
export const PAGE_BYTES = 1024 * 1024;

/** zstd where the runtime has it (Node >= 22.15, every Electron we ship); gzip otherwise. */
const zstd = typeof zlib.zstdCompressSync === 'function';

/** Writes container 2: the header on creation, then one frame per call. */
export class FrameWriter {
  constructor(private readonly write: (bytes: Buffer) => void) {
    write(Buffer.from([...MAGIC_2, zstd ? COMPRESSION_ZSTD : COMPRESSION_GZIP]));
  }

  frame(raw: Uint8Array): void {
    const compressed = zstd ? zstdCompress(raw) : zlib.gzipSync(raw, { level: 6 });
    const length = Buffer.alloc(4);
    length.writeUInt32BE(compressed.length);
    this.write(length);
    this.write(compressed);
  }
}

/**
 * The protobuf frames of a blob, uncompressed one at a time: container 1 gives one frame (the
 * whole `Conversation`); container 2 the `Conversation` head, then its `MessagePage`s.
 */
export function* framesOf(bytes: Uint8Array): Generator<Buffer> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = buf.subarray(0, 4);
  const version = buf.length < 5 ? undefined : magic.equals(MAGIC_1) ? 1 : magic.equals(MAGIC_2) ? 2 : undefined;
  if (version === undefined) throw new ArchiveFormatError('not a Déjà Vu archive blob');
  const compression = buf[4];
  if (version === 1) {
    yield decompress(compression, buf.subarray(5));
    return;
  }
  for (let at = 5; at < buf.length; ) {
    if (at + 4 > buf.length) throw new ArchiveFormatError('the blob is cut short (a frame length is incomplete)');
    const length = buf.readUInt32BE(at);
    const end = at + 4 + length;
    if (end > buf.length) throw new ArchiveFormatError('the blob is cut short (its last page is incomplete)');
    yield decompress(compression, buf.subarray(at + 4, end));
    at = end;
  }
}

/** The magic, the compression byte and the first frame's length: enough to know where container 2's head ends. */
export const HEAD_PREFIX_BYTES = 9;

/**
 * How many bytes from the start of a blob hold container 2's head frame (a container-2 blob cut
 * there reads as the head alone through framesOf), given its first HEAD_PREFIX_BYTES; undefined
 * for any other container, whose head is not a frame of its own.
 */
export function headBytes(prefix: Buffer): number | undefined {
  if (prefix.length < HEAD_PREFIX_BYTES || !prefix.subarray(0, 4).equals(MAGIC_2)) return undefined;
  return HEAD_PREFIX_BYTES + prefix.readUInt32BE(5);
}

function decompress(compression: number, body: Buffer): Buffer {
  switch (compression) {
    case COMPRESSION_ZSTD:
      return zlib.zstdDecompressSync(body);
    case COMPRESSION_GZIP:
      return zlib.gunzipSync(body);
    case COMPRESSION_NONE:
      return body;
    default:
      throw new ArchiveFormatError(`unknown blob compression ${compression}`);
  }
}
