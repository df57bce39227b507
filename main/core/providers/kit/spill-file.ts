/**
 * A scratch file of fixed-size pages for a huge file's read (main/core/README.md, "One huge
 * session file"): the read's columns of numbers (int-column.ts) and its uuid bytes (id-pool.ts)
 * live here instead of memory, a few pages at a time in a small cache, so what the read holds
 * does not grow with the file. It lives in the archive's `.tmp/` (emptied whenever a writer opens
 * the archive, so a crash leaves no litter) and is removed once its file is archived.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const PAGE_BYTES = 4096;
/** Pages kept in memory: 4 MiB, whatever the file's size. */
const CACHE_PAGES = 1024;

/** A page held in the cache; the object is reused for another page when this one is let go. */
export interface CachedPage {
  page: number;
  readonly bytes: Buffer;
  readonly words: Int32Array;
  dirty: boolean;
  used: boolean;
}

export class SpillFile {
  readonly path: string;
  private fd: number | undefined;
  private pages = 0;
  private readonly cached: CachedPage[] = [];
  /** Page → its index in `cached`. */
  private readonly where = new Map<number, number>();
  /** The clock hand: the next cached page that may be let go (second chance when it was used since). */
  private hand = 0;

  /** `dir`: the archive's `.tmp/`; created when missing. */
  constructor(
    dir: string,
    private readonly cachePages = CACHE_PAGES,
  ) {
    mkdirSync(dir, { recursive: true });
    this.path = path.join(dir, `${randomBytes(8).toString('hex')}.spill`);
    this.fd = openSync(this.path, 'wx+');
  }

  /** A new page, all zeros. */
  allocate(): number {
    return this.pages++;
  }

  /** Page `page` in the cache (read when it is not); `write`: written back when let go. Use it before the next call. */
  page(page: number, write: boolean): CachedPage {
    const at = this.where.get(page);
    const cached = at === undefined ? this.load(page) : this.cached[at];
    cached.used = true;
    if (write) cached.dirty = true;
    return cached;
  }

  /** The bytes it holds in memory (its cache). */
  get byteLength(): number {
    return this.cached.length * PAGE_BYTES;
  }

  /** Closes and deletes the file; safe to call twice. */
  remove(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.path, { force: true });
  }

  private load(page: number): CachedPage {
    if (this.fd === undefined) throw new Error(`the spill file ${this.path} was removed: the huge file's read is over`);
    let cached: CachedPage;
    if (this.cached.length < this.cachePages) {
      const memory = new ArrayBuffer(PAGE_BYTES);
      cached = { page, bytes: Buffer.from(memory), words: new Int32Array(memory), dirty: false, used: false };
      this.where.set(page, this.cached.push(cached) - 1);
    } else {
      const at = this.victim();
      cached = this.cached[at];
      if (cached.dirty) writeAll(this.fd, cached.bytes, cached.page * PAGE_BYTES);
      this.where.delete(cached.page);
      this.where.set(page, at);
      cached.page = page;
      cached.dirty = false;
    }
    // A page never written back reads short (past the end) or as a hole: zeros either way.
    let got = 0;
    while (got < PAGE_BYTES) {
      const n = readSync(this.fd, cached.bytes, got, PAGE_BYTES - got, page * PAGE_BYTES + got);
      if (n === 0) break;
      got += n;
    }
    cached.bytes.fill(0, got);
    return cached;
  }

  private victim(): number {
    for (;;) {
      const at = this.hand;
      this.hand = (this.hand + 1) % this.cached.length;
      if (!this.cached[at].used) return at;
      this.cached[at].used = false;
    }
  }
}

function writeAll(fd: number, bytes: Buffer, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/** Words (32 bits) per page. */
const PAGE_WORDS = PAGE_BYTES / 4;

/**
 * Which page of a spill file holds each of a column's pages (-1: never written). The first in a
 * field, the others in a plain array made when a second page is written: a huge file's read makes
 * a few columns per conversation, most of them one page long, and an array grown by `push` took
 * ~150 bytes for that one page (a typed array's own objects ~250).
 */
class PageTable {
  private first = -1;
  /** Pages 1, 2, …: made at the first write past the first page. */
  private rest?: number[];

  constructor(private readonly spill: SpillFile) {}

  find(page: number): number {
    if (page === 0) return this.first;
    return this.rest !== undefined && page <= this.rest.length ? this.rest[page - 1] : -1;
  }

  /** The file page of page `page`, taken when new. */
  take(page: number): number {
    if (page === 0) return this.first < 0 ? (this.first = this.spill.allocate()) : this.first;
    const rest = (this.rest ??= []);
    while (rest.length < page) rest.push(-1);
    if (rest[page - 1] < 0) rest[page - 1] = this.spill.allocate();
    return rest[page - 1];
  }

  /** The memory its pages' numbers take (8 bytes a page past the first). */
  get byteLength(): number {
    return (this.rest?.length ?? 0) * 8;
  }
}

/** A growable array of 32-bit words in a spill file, found through its page table. A word never written reads as 0. */
export class SpilledWords {
  private readonly table: PageTable;

  constructor(private readonly spill: SpillFile) {
    this.table = new PageTable(spill);
  }

  get(i: number): number {
    const page = this.table.find(i >>> 10);
    return page < 0 ? 0 : this.spill.page(page, false).words[i & (PAGE_WORDS - 1)];
  }

  set(i: number, value: number): void {
    this.spill.page(this.table.take(i >>> 10), true).words[i & (PAGE_WORDS - 1)] = value;
  }

  /** The memory its page table takes. */
  get byteLength(): number {
    return this.table.byteLength;
  }
}

/** A growable run of bytes in a spill file, appended to and read back by position. */
export class SpilledBytes {
  private length = 0;
  private readonly table: PageTable;

  constructor(private readonly spill: SpillFile) {
    this.table = new PageTable(spill);
  }

  get size(): number {
    return this.length;
  }

  /** Appends `source`; returns where it starts. */
  append(source: Buffer): number {
    const start = this.length;
    let done = 0;
    while (done < source.length) {
      const at = this.length + done;
      const page = this.spill.page(this.table.take(Math.floor(at / PAGE_BYTES)), true);
      const offset = at % PAGE_BYTES;
      done += source.copy(page.bytes, offset, done, Math.min(source.length, done + PAGE_BYTES - offset));
    }
    this.length += source.length;
    return start;
  }

  /** Bytes [start, end) copied into `into` from its start. */
  read(start: number, end: number, into: Buffer = Buffer.allocUnsafe(end - start)): Buffer {
    for (let at = start; at < end; ) {
      const offset = at % PAGE_BYTES;
      const page = this.spill.page(this.table.find(Math.floor(at / PAGE_BYTES)), false);
      at += page.bytes.copy(into, at - start, offset, Math.min(PAGE_BYTES, offset + end - at));
    }
    return into.subarray(0, end - start);
  }

  /** The memory its page table takes. */
  get byteLength(): number {
    return this.table.byteLength;
  }
}
