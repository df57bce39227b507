/**
 * A source file opened for reading by byte ranges. A compressed one (`.zst`) is decompressed
 * whole when opened: its offsets are those of what it holds, and it is read from its start to
 * its end, never from a cursor (it is immutable: a change is a new file).
 */
import { type FileHandle, open, readFile } from 'node:fs/promises';
import { decompressSource, isCompressedSource } from '../providers/kit/source-bytes';

export interface SourceHandle {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  size(): Promise<number>;
  close(): Promise<void>;
  /** The bytes read are not the file's own (decompressed): offsets from the file's size do not apply. */
  readonly decompressed: boolean;
}

export async function openSource(filePath: string): Promise<SourceHandle> {
  if (isCompressedSource(filePath)) return memoryHandle(decompressSource(filePath, await readFile(filePath)));
  const handle = await open(filePath, 'r');
  return fileHandle(handle);
}

function fileHandle(handle: FileHandle): SourceHandle {
  return {
    read: (buffer, offset, length, position) => handle.read(buffer, offset, length, position),
    size: async () => (await handle.stat()).size,
    close: () => handle.close(),
    decompressed: false,
  };
}

function memoryHandle(bytes: Buffer): SourceHandle {
  return {
    read: async (buffer, offset, length, position) => ({ bytesRead: bytes.copy(buffer, offset, position, Math.min(bytes.length, position + length)) }),
    size: async () => bytes.length,
    close: async () => undefined,
    decompressed: true,
  };
}
