/**
 * Strings (a huge file's record uuids, API message ids) numbered densely in the order first
 * seen, kept as bytes in one run (a lowercase uuid as its 16 bytes, any other string as
 * UTF-8, or UTF-16 when it holds a lone surrogate, each behind a tag byte) and found through
 * an open-addressing hash table of integers: ~30 bytes a uuid, where a Set or Map entry with its 36-character string is ~100–150.
 * Given a spill file (a huge file's read), the bytes and their ends live there (spill-file.ts)
 * and memory holds the hash table alone (~4–8 bytes a string while it grows, none once sealed);
 * a slot's 8-bit tag (high bits of the hash) spares most misses a read of the entry's bytes,
 * and a hit is always confirmed against them.
 * What a number stands for is kept in IntColumns indexed by it (int-column.ts).
 */
import { GROWTH, IntColumn } from './int-column';
import { wellFormed } from './parse-json';
import { SpilledBytes, type SpillFile } from './spill-file';

/** A 32-bit hash of bytes [start, start + length). */
export type BytesHash = (bytes: Buffer, start: number, length: number) => number;

/** Shared by every pool until it holds something: a huge file's read makes one per conversation. */
const EMPTY_BYTES = Buffer.alloc(0);
const EMPTY_ENDS = new Uint32Array(0);
const EMPTY_SLOTS = new Int32Array(0);
/** A spilled pool's slot: its entry + 1 in the low 24 bits, its hash's high 8 bits (its tag) above, while entries fit. */
const PACKED_ENTRIES = 0xffffff;

export class IdPool {
  /** Allocated at the first string: a re-read of one body makes a whole parse state. Spilled: where a string is staged. */
  private bytes = EMPTY_BYTES;
  /** Bytes held in `bytes` (0 when spilled: they are in the spill file). */
  private used = 0;
  /** Entry → the end of its bytes (its start is the previous entry's end). */
  private ends = EMPTY_ENDS;
  private readonly spilled?: { bytes: SpilledBytes; ends: IntColumn };
  private count = 0;
  /**
   * Hash slots: entry + 1, 0 empty; at most 70 % full (linear probing stays short). Spilled, with a
   * tag in each slot's high 8 bits (`packed`): 4 bytes a slot, where a 16-bit tag beside it made 6.
   */
  private slots = EMPTY_SLOTS;
  /** Slots hold a tag: spilled, while its entries fit in 24 bits (past 16.7 million, every probe reads the bytes). */
  private packed: boolean;
  private readonly packedEntries: number;
  /** An entry's bytes read back from the spill file. */
  private scratch = EMPTY_BYTES;
  private sealed = false;
  private readonly hash: BytesHash;

  /** `spill`: keep the strings there, not in memory; `hash`, `packedEntries`: only a test gives others (colliding hashes, a pool outgrowing its tags). */
  constructor(options: { spill?: SpillFile; hash?: BytesHash; packedEntries?: number } = {}) {
    if (options.spill) this.spilled = { bytes: new SpilledBytes(options.spill), ends: new IntColumn(0, options.spill) };
    this.hash = options.hash ?? hashOf;
    this.packed = this.spilled !== undefined;
    this.packedEntries = options.packedEntries ?? PACKED_ENTRIES;
  }

  /** The entry of `key`, or -1 when it was never added. */
  find(key: string): number {
    if (this.count === 0) return -1;
    const length = this.stage(key);
    return this.probe(length, this.hash(this.bytes, this.used, length)).entry;
  }

  /** The entry of `key`, added when new. */
  intern(key: string): number {
    if (this.slots.length === 0) this.slots = new Int32Array(32);
    // Its tags give way before an entry that would not fit beside them.
    if (this.packed && this.count >= this.packedEntries) {
      this.packed = false;
      this.rehash(this.slots.length);
    }
    const length = this.stage(key);
    const hash = this.hash(this.bytes, this.used, length);
    const { entry, slot } = this.probe(length, hash);
    if (entry >= 0) return entry;
    const added = this.count;
    if (this.spilled) {
      this.spilled.bytes.append(this.bytes.subarray(0, length));
      this.spilled.ends.set(added, this.spilled.bytes.size | 0);
    } else {
      if (added === this.ends.length) {
        const grown = new Uint32Array(Math.max(16, Math.ceil(added * GROWTH)));
        grown.set(this.ends);
        this.ends = grown;
      }
      this.used += length;
      this.ends[added] = this.used;
    }
    this.count += 1;
    this.slots[slot] = this.slotOf(added, hash);
    if (this.count > this.slots.length * 0.7) this.rehash(this.slots.length * 2);
    return added;
  }

  /**
   * Once no string is added or looked up any more (a read is over): gives back the room grown
   * for strings that never came and the hash table; only `key` works after.
   */
  seal(): void {
    this.bytes = Buffer.from(this.bytes.subarray(0, this.used));
    this.ends = this.ends.slice(0, Math.max(this.count, 1));
    this.slots = EMPTY_SLOTS;
    this.sealed = true;
  }

  /** The string of entry `entry`. */
  key(entry: number): string {
    const bytes = this.entryBytes(entry);
    if (bytes[0] === TEXT) return bytes.toString('utf8', 1);
    if (bytes[0] === UTF16_TEXT) return bytes.toString('utf16le', 1);
    const hex = bytes.toString('hex', 1);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  get size(): number {
    return this.count;
  }

  /** The bytes of memory its buffers take (room not used yet included). */
  get byteLength(): number {
    const spilled = this.spilled ? this.spilled.bytes.byteLength + this.spilled.ends.byteLength + this.scratch.length : 0;
    return this.bytes.length + this.ends.byteLength + this.slots.byteLength + spilled;
  }

  private startOf(entry: number): number {
    return entry === 0 ? 0 : this.endOf(entry - 1);
  }

  private endOf(entry: number): number {
    return this.spilled ? this.spilled.ends.get(entry) >>> 0 : this.ends[entry];
  }

  /** The bytes of entry `entry` (a view that the next call may overwrite). */
  private entryBytes(entry: number): Buffer {
    const start = this.startOf(entry);
    const end = this.endOf(entry);
    if (!this.spilled) return this.bytes.subarray(start, end);
    if (this.scratch.length < end - start) this.scratch = Buffer.allocUnsafe(Math.max(64, end - start));
    return this.spilled.bytes.read(start, end, this.scratch);
  }

  /** Writes `key` just past the used bytes (kept only if interned); returns its length. */
  private stage(key: string): number {
    if (this.sealed) throw new Error('this id pool was sealed: no string is looked up in it any more');
    const most = key.length * 3 + 1;
    if (this.used + most > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.spilled ? 64 : 1024, Math.ceil(this.bytes.length * GROWTH), this.used + most));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (packUuid(key, this.bytes, this.used + 1)) {
      this.bytes[this.used] = PACKED_UUID;
      return 17;
    }
    // UTF-8 would spell every lone surrogate as U+FFFD: two ids differing only there would be one.
    const utf8 = wellFormed(key);
    this.bytes[this.used] = utf8 ? TEXT : UTF16_TEXT;
    return 1 + this.bytes.write(key, this.used + 1, utf8 ? 'utf8' : 'utf16le');
  }

  /** The entry whose bytes equal the staged ones, or the empty slot where they would go. */
  private probe(length: number, hash: number): { entry: number; slot: number } {
    const mask = this.slots.length - 1;
    const tag = hash >>> 24;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = this.slots[slot];
      if (at === 0) return { entry: -1, slot };
      if (this.packed && at >>> 24 !== tag) continue;
      const entry = (this.packed ? at & PACKED_ENTRIES : at) - 1;
      const start = this.startOf(entry);
      if (this.endOf(entry) - start !== length) continue;
      if (this.entryBytes(entry).compare(this.bytes, this.used, this.used + length) === 0) return { entry, slot };
    }
  }

  /** Slots anew, `size` of them, every entry placed again. */
  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    const mask = size - 1;
    for (let entry = 0; entry < this.count; entry += 1) {
      const bytes = this.entryBytes(entry);
      const hash = this.hash(bytes, 0, bytes.length);
      let slot = hash & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = this.slotOf(entry, hash);
    }
  }

  /** What a slot holds for `entry`: entry + 1, with its tag above when packed. */
  private slotOf(entry: number, hash: number): number {
    return this.packed ? ((hash >>> 24) << 24) | (entry + 1) : entry + 1;
  }
}

/** The tag byte before an entry's bytes. */
const TEXT = 0;
const PACKED_UUID = 1;
/** A string with a lone surrogate, kept as its UTF-16 code units. */
const UTF16_TEXT = 2;

/**
 * Writes a lowercase uuid (which its 16 bytes spell back exactly) as those bytes at `at`; false,
 * with the bytes there meaningless, for any other string. A loop, not a RegExp and a hex write:
 * every record's uuid passes here.
 */
function packUuid(key: string, bytes: Buffer, at: number): boolean {
  if (key.length !== 36) return false;
  let out = at;
  for (let i = 0; i < 36; ) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (key.charCodeAt(i) !== 45) return false;
      i += 1;
      continue;
    }
    const high = hexValue(key.charCodeAt(i));
    const low = hexValue(key.charCodeAt(i + 1));
    if (high < 0 || low < 0) return false;
    bytes[out++] = (high << 4) | low;
    i += 2;
  }
  return true;
}

/** 0–15 for `0-9a-f`, -1 otherwise (uppercase too: it would not spell back the same). */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** FNV-1a over bytes [start, start + length). */
function hashOf(bytes: Buffer, start: number, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < start + length; i += 1) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return hash >>> 0;
}
