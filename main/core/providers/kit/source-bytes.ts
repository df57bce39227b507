/**
 * Reads a whole source file, decompressing one an agent stored zstd-compressed (`.zst`: Codex
 * compresses cold archived rollouts to `rollout-….jsonl.zst`). Node decodes zstd from 22.15 /
 * 23.8 (every Electron we ship); on a runtime without it the error names the file and says why.
 */
import { readFileSync } from 'node:fs';
import zlib from 'node:zlib';

export type ZstdDecoder = (bytes: Buffer) => Buffer;

/** The running Node's zstd decoder; null when it has none. */
export const nodeZstd: ZstdDecoder | null = typeof zlib.zstdDecompressSync === 'function' ? (bytes) => zlib.zstdDecompressSync(bytes) : null;

/** A file stored compressed: it is read whole, never from an offset, and never changes. */
export function isCompressedSource(file: string): boolean {
  return /\.zst$/i.test(file);
}

/** What a compressed file holds; `decoder` is the runtime's (a test passes null for one without). */
export function decompressSource(file: string, bytes: Buffer, decoder: ZstdDecoder | null = nodeZstd): Buffer {
  if (!decoder) throw new Error(`${file} is zstd-compressed and this runtime (Node ${process.version}) has no zstd decoder: not read (needs Node 22.15 or later)`);
  try {
    return decoder(bytes);
  } catch (error) {
    throw new Error(`${file} is not readable zstd data: ${(error as Error).message}`);
  }
}

/** The file's bytes, decompressed when it is stored compressed. */
export function readSourceBytes(file: string): Buffer {
  const bytes = readFileSync(file);
  return isCompressedSource(file) ? decompressSource(file, bytes) : bytes;
}

/** The file as UTF-8 text, without a byte-order mark. */
export function readSourceText(file: string): string {
  const text = readSourceBytes(file).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
