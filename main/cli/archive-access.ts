/** Opens the archive the CLI was pointed at (--archive, DEJAVU_HOME, or the default). */
import { ArchiveReader } from '../core/access/archive-reader';
import { archiveRoot } from '../core/archive/paths';

export interface GlobalOptions {
  readonly archive?: string;
}

export function rootOf(opts: GlobalOptions): string {
  return opts.archive ? archiveRoot({ ...process.env, DEJAVU_HOME: opts.archive }) : archiveRoot();
}

export async function withReaderAsync<T>(opts: GlobalOptions, fn: (reader: ArchiveReader) => Promise<T>): Promise<T> {
  const reader = new ArchiveReader(rootOf(opts));
  try {
    return await fn(reader);
  } finally {
    reader.close();
  }
}

export function withReader<T>(opts: GlobalOptions, fn: (reader: ArchiveReader) => T): T {
  const reader = new ArchiveReader(rootOf(opts));
  try {
    return fn(reader);
  } finally {
    reader.close();
  }
}
