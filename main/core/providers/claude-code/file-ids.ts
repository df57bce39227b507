/**
 * The record uuids of one Claude Code file's read, numbered once (kit/id-pool.ts), and what the
 * parse needs to know of each as columns of numbers instead of Sets and Maps of strings: whether
 * it was read, which message it ended up in, the parent of a record that became no message, the
 * root of its sidechain. A huge file holds one uuid per record until its end (its tree is known
 * only then): ~70 bytes each here, ~250 as strings in Sets and Maps; a huge file's read keeps
 * the pool's bytes and the columns in its spill file (kit/spill-file.ts), its hash table alone in memory.
 */
import { IdPool } from '../kit/id-pool';
import { IntColumn } from '../kit/int-column';
import type { SpillFile } from '../kit/spill-file';

export class FileIds {
  readonly pool: IdPool;
  /** Entry → 1 once read as a record's own uuid (resumed sessions repeat records). */
  readonly seen: IntColumn;
  /** Entry → the row of the message it ended up in (itself, or the one it merged into) … */
  readonly aliasRow: IntColumn;
  /** … in the builder of this number (ConversationBuilder.number). */
  readonly aliasOwner: IntColumn;
  /** Entry of a record that became no message → its parent's entry (-1: none); -2: not such a record. */
  readonly skipped: IntColumn;
  /** Entry of a sidechain record → the entry of its chain's first record (-1: none). */
  readonly sideRoot: IntColumn;
  /**
   * API message ids (and `#<message id>` for usage without one), each behind its builder's number
   * (`<builder>:<id>`: usage counts once per API message of a conversation), in one pool for the
   * file: a pool per builder weighed ~1 KB, and a huge file has a builder per sidechain.
   */
  readonly apiIds: IdPool;
  /** API id entry → the row of the first message of it, which holds its latest usage. */
  readonly apiUsageRow: IntColumn;
  /** API id entry → the next entry of the same builder, in the order first seen (-1: none). */
  readonly apiNext: IntColumn;
  /**
   * Task prompts (a Task call's, a sidechain's first user text), numbered: a huge file's
   * sidechain links to its call by its prompt, kept here (its bytes in the spill file) instead of
   * as a string in each builder and a key of `ParseState.taskCalls` (~1 KB a sidechain).
   */
  readonly tasks: IdPool;
  /** Builders numbered so far. */
  builders = 0;

  /** `spill`: a huge file's read keeps the pool and the columns there (kit/spill-file.ts), and so do its builders. */
  constructor(readonly spill?: SpillFile) {
    this.pool = new IdPool({ spill });
    this.seen = new IntColumn(0, spill);
    this.aliasRow = new IntColumn(-1, spill);
    this.aliasOwner = new IntColumn(-1, spill);
    this.skipped = new IntColumn(-2, spill);
    this.sideRoot = new IntColumn(-1, spill);
    this.apiIds = new IdPool({ spill });
    this.apiUsageRow = new IntColumn(-1, spill);
    this.apiNext = new IntColumn(-1, spill);
    this.tasks = new IdPool({ spill });
  }

  /** Marks `uuid` read; false when it was already (a resumed session repeats its records). */
  firstTime(uuid: string): boolean {
    const entry = this.pool.intern(uuid);
    if (this.seen.get(entry) === 1) return false;
    this.seen.set(entry, 1);
    return true;
  }

  /** True when `uuid` was read as a record's own uuid. */
  wasSeen(uuid: string): boolean {
    const entry = this.pool.find(uuid);
    return entry >= 0 && this.seen.get(entry) === 1;
  }

  /** The bytes its pool and columns take. */
  get byteLength(): number {
    const columns = [this.seen, this.aliasRow, this.aliasOwner, this.skipped, this.sideRoot, this.apiUsageRow, this.apiNext];
    return this.pool.byteLength + this.apiIds.byteLength + this.tasks.byteLength + columns.reduce((n, c) => n + c.byteLength, 0);
  }
}
