/** Builds the ParseContext a provider reads one file through. */
import { readFile, stat } from 'node:fs/promises';
import type { ParseContext, SourceLine } from '../providers/kit/provider';
import { isCompressedSource, readSourceBytes } from '../providers/kit/source-bytes';
import { readLines } from './read-lines';
import { decodeText } from './text-encoding';

export interface SourceOrigin {
  /** `host`, or the jackin container name. */
  readonly instance: string;
  readonly workspaceHint?: string;
}

/**
 * How long after its last write a file may still be mid-record. Agents write a JSONL record in
 * one write call, so a line without its newline is normally complete within milliseconds; one
 * still cut this long after the file last changed was abandoned (the agent crashed, the disk
 * filled, a copy was cut short). Such a line is reported instead of waited for. Should the agent
 * write on after all, the file has changed, is read again whole, and the finished line is read.
 */
export const STILL_WRITING_MS = 10_000;

export function fileParseContext(filePath: string, origin: SourceOrigin = { instance: 'host' }, end?: number): ParseContext {
  return {
    path: filePath,
    instance: origin.instance,
    workspaceHint: origin.workspaceHint,
    lines: (options) => settledLines(filePath, end, options?.farLineBytes),
    readText: async (note) => {
      const bytes = isCompressedSource(filePath) ? readSourceBytes(filePath) : await readFile(filePath);
      const { text, note: decoded } = decodeText(bytes);
      if (decoded) note?.(decoded);
      return text;
    },
    sibling: (other) => fileParseContext(other, origin),
  };
}

async function* settledLines(filePath: string, end: number | undefined, farLineBytes: number | undefined): AsyncGenerator<SourceLine> {
  const finished = Date.now() - (await stat(filePath)).mtimeMs > STILL_WRITING_MS;
  yield* readLines(filePath, { end, tail: 'if-json', finished, farLineBytes });
}
