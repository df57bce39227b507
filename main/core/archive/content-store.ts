/**
 * The archive's content store: large tool outputs and images kept once, named by the sha256 of
 * their bytes (`.content/<first 2 hex>/<sha256>.zst`), so a forked or resumed session that
 * replays its parent's history, or an image pasted again, takes no second copy. Blobs refer to
 * them by hash (record.proto `content_ref`); blob-store.ts writes them before the blob that
 * refers to them and resolves them when a blob is read. content-sweep.ts removes what no blob
 * refers to any more.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { ArchiveFormatError, type ContentStore } from './codec';
import { insideRoot } from './paths';
import { zstdCompress } from './zstd';
import { type FrameSpan, zstdFrames, zstdFrameSpansOfFile } from './zstd-frames';

/** Starts with a dot: no sanitized workspace folder can be named so (safeSegment). */
export const CONTENT_DIR = '.content';

/** Parts this large (in bytes) or larger are kept in the store; smaller ones stay inline. */
export const CONTENT_THRESHOLD = 16 * 1024;

const HASH = /^[0-9a-f]{64}$/;

/** The content file of a hash, relative to the archive root. */
export function contentRelativePath(hash: string): string {
  if (!HASH.test(hash)) throw new ArchiveFormatError(`not a content reference: "${hash.slice(0, 80)}"`);
  return `${CONTENT_DIR}/${hash.slice(0, 2)}/${hash}.zst`;
}

/** Where a hash is missing from the store or its file is damaged: verify names it. */
export class ContentMissingError extends ArchiveFormatError {
  constructor(
    readonly hash: string,
    why: string,
  ) {
    super(`its stored content ${hash.slice(0, 12)}… ${why}`);
  }
}

/** Said when a text streamed into the store was not the same on its second read. */
export class ContentChangedError extends Error {
  override readonly name = 'ContentChangedError';
}

/** zstd is what the files are named for; a runtime without it keeps every part inline. */
export const contentStoreAvailable = typeof zlib.zstdCompressSync === 'function';

/**
 * The store of one archive. `place` is blob-store.ts's atomic write (temp file + rename), so a
 * content file is whole or absent.
 */
export function contentStore(root: string, place: (relative: string, fill: (temp: string) => void) => void): ContentStore {
  return {
    threshold: contentStoreAvailable ? CONTENT_THRESHOLD : Infinity,
    put(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const relative = contentRelativePath(hash);
      const existing = sizeOf(insideRoot(root, relative));
      if (existing !== undefined) return { hash, bytes: existing };
      const compressed = zstdCompress(bytes);
      place(relative, (temp) => writeFileSync(temp, compressed));
      return { hash, bytes: compressed.length };
    },
    putSlices(slices) {
      // Hashed first, compressed after (a second read) only when new: never one buffer of it all.
      const sha = createHash('sha256');
      let length = 0;
      for (const slice of slices()) {
        const bytes = Buffer.from(slice, 'utf8');
        sha.update(bytes);
        length += bytes.length;
      }
      const hash = sha.digest('hex');
      const relative = contentRelativePath(hash);
      const existing = sizeOf(insideRoot(root, relative));
      if (existing !== undefined) return { hash, bytes: existing };
      let written = 0;
      // One zstd frame per slice: concatenated frames are one zstd stream, read back whole by get().
      place(relative, (temp) => {
        const fd = openSync(temp, 'w');
        try {
          const again = createHash('sha256');
          for (const slice of slices()) {
            const bytes = Buffer.from(slice, 'utf8');
            again.update(bytes);
            const frame = zstdCompress(bytes);
            for (let at = 0; at < frame.length; ) at += writeSync(fd, frame, at);
            written += frame.length;
          }
          // The source changed between the two reads: what was written is not what was hashed.
          if (again.digest('hex') !== hash) throw new ContentChangedError(`a long text changed while it was archived (${length} bytes hashed); sync again`);
        } finally {
          closeSync(fd);
        }
      });
      return { hash, bytes: written };
    },
    get(hash) {
      const frames = framesOf(hash);
      const sha = createHash('sha256');
      const parts = frames.map((frame) => {
        const bytes = decompressed(hash, frame);
        sha.update(bytes);
        return bytes;
      });
      return verified(hash, sha, frames.length === 1 ? parts[0] : Buffer.concat(parts));
    },
    sliced(hash) {
      const file = insideRoot(root, contentRelativePath(hash));
      const fd = openContent(file, hash);
      try {
        const spans = zstdFrameSpansOfFile(fd, fstatSync(fd).size);
        const declared = spans?.every((f) => f.contentBytes !== undefined) ? spans.reduce((n, f) => n + f.contentBytes!, 0) : undefined;
        return { bytes: declared, slices: () => textSlices(file, hash) };
      } finally {
        closeSync(fd);
      }
    },
  };

  /** The content file's zstd frames (one, unless it was streamed in slices). */
  function framesOf(hash: string): Buffer[] {
    let compressed: Buffer;
    try {
      compressed = readFileSync(insideRoot(root, contentRelativePath(hash)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ContentMissingError(hash, 'is missing from the archive');
      throw err;
    }
    return zstdFrames(compressed) ?? [compressed];
  }
}

/** Decoded text handed out at a time from a frame that holds more (a text stored whole in one frame). */
const TEXT_SLICE = 1024 * 1024;

/**
 * A stored text, UTF-8 decoded a frame at a time (a frame read from the file, decompressed, let
 * go), in slices that never split a character; its hash is checked at the end, so a damaged file
 * fails its reader instead of passing for the output the person saw.
 */
function* textSlices(file: string, hash: string): Generator<string> {
  const fd = openContent(file, hash);
  try {
    const size = fstatSync(fd).size;
    const spans: readonly FrameSpan[] = zstdFrameSpansOfFile(fd, size) ?? [{ start: 0, end: size, contentBytes: undefined }];
    const sha = createHash('sha256');
    const decoder = new StringDecoder('utf8');
    for (const span of spans) {
      const frame = Buffer.alloc(span.end - span.start);
      for (let got = 0; got < frame.length; ) {
        const r = readSync(fd, frame, got, frame.length - got, span.start + got);
        if (r === 0) throw new ContentMissingError(hash, 'is damaged (it is shorter than its frames)');
        got += r;
      }
      const bytes = decompressed(hash, frame);
      sha.update(bytes);
      for (let at = 0; at < bytes.length; at += TEXT_SLICE) {
        const text = decoder.write(bytes.subarray(at, at + TEXT_SLICE));
        if (text) yield text;
      }
    }
    const rest = decoder.end();
    verified(hash, sha, undefined);
    if (rest) yield rest;
  } finally {
    closeSync(fd);
  }
}

function openContent(file: string, hash: string): number {
  try {
    return openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ContentMissingError(hash, 'is missing from the archive');
    throw err;
  }
}

function decompressed(hash: string, frame: Buffer): Buffer {
  try {
    return zlib.zstdDecompressSync(frame);
  } catch {
    throw new ContentMissingError(hash, 'is damaged (it does not decompress)');
  }
}

/** What was read, once its bytes are known to be the ones hashed: a damaged file must not pass for the output the person saw. */
function verified<T>(hash: string, sha: Hash, read: T): T {
  if (sha.digest('hex') !== hash) throw new ContentMissingError(hash, 'is damaged (its bytes do not match their hash)');
  return read;
}

function sizeOf(file: string): number | undefined {
  try {
    return statSync(file).size;
  } catch {
    return undefined;
  }
}
