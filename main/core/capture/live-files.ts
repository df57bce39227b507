/**
 * The incremental half of live capture: one provider parser per recently written file, fed
 * only the bytes appended since its last read. A file that shrank or was replaced, or one
 * no parser is kept for, is read again from its start (and its parser kept from then on).
 */
import { open, stat } from 'node:fs/promises';
import type { AgentId } from '../../../shared/agents';
import type { ParsedSource } from '../archive/archive-writer';
import { inInstance } from '../providers/kit/identity';
import type { IncrementalParser } from '../providers/kit/provider';
import type { SourceFile } from './ingest';
import { readLines } from './read-lines';

/** Told of every byte range read from a source, so tests can prove appends are read once. */
export type ReadHook = (path: string, start: number, end: number) => void;

interface FileState {
  readonly parser: IncrementalParser;
  readonly dev: number;
  readonly ino: number;
  /** Byte offset after the last line fed. */
  offset: number;
  /** Number the next line gets, so warnings keep the line numbers of a whole read. */
  nextLineNo: number;
  /** The last line fed had no newline after it (a finished record the agent may follow with one). */
  tailOpen: boolean;
}

export interface LiveFilesOptions {
  /** Parsers kept at most (the least recently written go first). Default 32. */
  readonly maxFiles?: number;
  /** Bytes of source the kept parsers may stand for at most. Default 64 MiB. */
  readonly maxBytes?: number;
  readonly onRead?: ReadHook;
}

export class LiveFiles {
  private readonly states = new Map<string, FileState>();
  private readonly maxFiles: number;
  private readonly maxBytes: number;

  constructor(private readonly options: LiveFilesOptions = {}) {
    this.maxFiles = options.maxFiles ?? 32;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /**
   * Bring `file` up to date: feed what was appended (or everything, when there is no usable
   * parser) and snapshot. Only for providers with `incremental`.
   */
  async read(file: SourceFile): Promise<ParsedSource> {
    const info = await stat(file.path);
    let state = this.states.get(file.path);
    this.states.delete(file.path);
    if (state && (state.dev !== info.dev || state.ino !== info.ino || info.size < state.offset)) state = undefined;
    let start = state?.offset ?? 0;
    if (state?.tailOpen) {
      // The last record was read before its newline was written: step over that newline. Any
      // other byte means the record was not finished after all, so read the file again.
      const next = await bytesAt(file.path, start, 2);
      if (next[0] === 0x0a) start += 1;
      else if (next[0] === 0x0d && next[1] === 0x0a) start += 2;
      else if (next.length > 0 && !(next.length === 1 && next[0] === 0x0d)) state = undefined;
      if (state && start > state.offset) {
        state.tailOpen = false;
        state.offset = start;
      }
    }
    if (!state) {
      state = { parser: file.provider.incremental!(file), dev: info.dev, ino: info.ino, offset: 0, nextLineNo: 1, tailOpen: false };
      start = 0;
    }
    if (start < info.size && !state.tailOpen) {
      this.options.onRead?.(file.path, start, info.size);
      let last: number | undefined;
      for await (const line of readLines(file.path, { start, end: info.size, firstLineNo: state.nextLineNo, tail: 'if-json' })) {
        state.parser.feed(line);
        state.offset = line.endOffset;
        state.nextLineNo = line.lineNo + 1;
        last = line.endOffset;
      }
      if (last === info.size) state.tailOpen = (await bytesAt(file.path, info.size - 1, 1))[0] !== 0x0a;
    }
    this.keep(file.path, state);
    return {
      path: file.path,
      agent: file.provider.agent as AgentId,
      instance: file.instance,
      size: info.size,
      mtimeMs: info.mtimeMs,
      readOffset: state.offset,
      conversations: inInstance(state.parser.snapshot(), file.instance),
      replaces: file.provider.replaces?.(file.path),
      mirrors: file.provider.mirrors,
    };
  }

  forget(filePath: string): void {
    this.states.delete(filePath);
  }

  has(filePath: string): boolean {
    return this.states.has(filePath);
  }

  private keep(filePath: string, state: FileState): void {
    this.states.set(filePath, state);
    let bytes = 0;
    for (const s of this.states.values()) bytes += s.offset;
    for (const [key, s] of this.states) {
      if (this.states.size <= this.maxFiles && bytes <= this.maxBytes) break;
      if (key === filePath) continue;
      this.states.delete(key);
      bytes -= s.offset;
    }
  }
}

async function bytesAt(filePath: string, position: number, length: number): Promise<Buffer> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
