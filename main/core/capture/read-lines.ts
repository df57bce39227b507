/**
 * Streams the complete lines of a file without reading it whole. A file that is still being
 * written is read up to its last newline: the half-written tail waits for the next sync.
 */
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { SourceLine } from '../providers/provider';

const CHUNK = 1 << 20;

export interface ReadLinesOptions {
  /** Byte offset to start at (a line boundary). */
  readonly start?: number;
  /** Read no further than this byte offset (the size seen when the sync started). */
  readonly end?: number;
  /** First line number to report (1-based), when starting mid-file. */
  readonly firstLineNo?: number;
  /**
   * What to do with a last line that has no newline after it: it may be a record the agent
   * is still writing, or a finished file that simply ends without one. `drop` (default)
   * leaves it; `include` yields it; `if-json` yields it only when it is already a whole JSON
   * value, so a JSONL record half-written is left for the next read and a complete one is not lost.
   */
  readonly tail?: 'drop' | 'include' | 'if-json';
}

export async function* readLines(filePath: string, options: ReadLinesOptions = {}): AsyncGenerator<SourceLine> {
  const handle = await open(filePath, 'r');
  try {
    const end = options.end ?? (await handle.stat()).size;
    let position = options.start ?? 0;
    let lineNo = options.firstLineNo ?? 1;
    const buffer = Buffer.allocUnsafe(CHUNK);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const decoder = new StringDecoder('utf8');
    while (position < end) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK, end - position), position);
      if (bytesRead === 0) break;
      let lineStart = 0;
      for (let nl = buffer.indexOf(10, 0); nl !== -1 && nl < bytesRead; nl = buffer.indexOf(10, nl + 1)) {
        const piece = buffer.subarray(lineStart, nl);
        const whole = pendingBytes ? Buffer.concat([...pending, piece]) : piece;
        const endOffset = position + nl + 1;
        yield { text: decodeLine(decoder, whole, lineNo === 1 && (options.start ?? 0) === 0), lineNo, endOffset };
        lineNo += 1;
        pending = [];
        pendingBytes = 0;
        lineStart = nl + 1;
      }
      if (lineStart < bytesRead) {
        // Copy: the shared buffer is overwritten by the next read.
        pending.push(Buffer.from(buffer.subarray(lineStart, bytesRead)));
        pendingBytes += bytesRead - lineStart;
      }
      position += bytesRead;
    }
    const tail = options.tail ?? 'drop';
    if (tail !== 'drop' && pendingBytes > 0) {
      const text = decodeLine(decoder, Buffer.concat(pending), lineNo === 1 && (options.start ?? 0) === 0);
      if (tail === 'include' || isWholeJson(text)) yield { text, lineNo, endOffset: position };
    }
  } finally {
    await handle.close();
  }
}

function isWholeJson(text: string): boolean {
  if (!text.trim()) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function decodeLine(decoder: StringDecoder, bytes: Buffer, first: boolean): string {
  let text = decoder.write(bytes) + decoder.end();
  if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.endsWith('\r')) text = text.slice(0, -1);
  return text;
}

/** The first `limit` bytes of a file as text, for content detection. */
export async function readHead(filePath: string, limit = 64 * 1024): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(limit);
    const { bytesRead } = await handle.read(buffer, 0, limit, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } finally {
    await handle.close();
  }
}
