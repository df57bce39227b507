/**
 * The record uuids of one Claude Code file's read, numbered once (kit/id-pool.ts), and what the
 * parse needs to know of each as columns of numbers instead of Sets and Maps of strings: whether
 * it was read, which message it ended up in, the parent of a record that became no message, the
 * root of its sidechain. A huge file holds one uuid per record until its end (its tree is known
 * only then): ~70 bytes each here, ~250 as strings in Sets and Maps.
 */
import { IdPool } from '../kit/id-pool';
import { IntColumn } from '../kit/int-column';

export class FileIds {
  readonly pool = new IdPool();
  /** Entry → 1 once read as a record's own uuid (resumed sessions repeat records). */
  readonly seen = new IntColumn(0);
  /** Entry → the row of the message it ended up in (itself, or the one it merged into) … */
  readonly aliasRow = new IntColumn(-1);
  /** … in the builder of this number (ConversationBuilder.number). */
  readonly aliasOwner = new IntColumn(-1);
  /** Entry of a record that became no message → its parent's entry (-1: none); -2: not such a record. */
  readonly skipped = new IntColumn(-2);
  /** Entry of a sidechain record → the entry of its chain's first record (-1: none). */
  readonly sideRoot = new IntColumn(-1);
  /** Builders numbered so far. */
  builders = 0;

  /** True when `uuid` was read as a record's own uuid. */
  wasSeen(uuid: string): boolean {
    const entry = this.pool.find(uuid);
    return entry >= 0 && this.seen.get(entry) === 1;
  }

  /** The bytes its pool and columns take. */
  get byteLength(): number {
    return this.pool.byteLength + [this.seen, this.aliasRow, this.aliasOwner, this.skipped, this.sideRoot].reduce((n, c) => n + c.byteLength, 0);
  }
}
