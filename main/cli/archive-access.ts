/** Opens the archive the CLI was pointed at (--archive, DEJAVU_HOME, or the default). */
import { type ArchiveReader, archiveRoot, withReader as readerFor, withReaderAsync as readerForAsync } from '../core/use-cases/open-archive';
import { type ArchiveWrites, oneShotWrites } from '../core/use-cases/writes';

export interface GlobalOptions {
  readonly archive?: string;
}

export function rootOf(opts: GlobalOptions): string {
  return opts.archive ? archiveRoot({ ...process.env, DEJAVU_HOME: opts.archive }) : archiveRoot();
}

export function withReaderAsync<T>(opts: GlobalOptions, fn: (reader: ArchiveReader) => Promise<T>): Promise<T> {
  return readerForAsync(rootOf(opts), fn);
}

export function withReader<T>(opts: GlobalOptions, fn: (reader: ArchiveReader) => T): T {
  return readerFor(rootOf(opts), fn);
}

/** A one-shot command's writes: a writer (and the writer lock) per job. */
export function writesOf(opts: GlobalOptions): ArchiveWrites {
  return oneShotWrites(rootOf(opts));
}
