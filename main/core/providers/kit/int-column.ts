/**
 * A growable column of 32-bit integers, one per row, for tables kept out of the JS heap's
 * objects (id-pool.ts, claude-code/message-table.ts): 4 bytes a row where an array of boxed
 * values or a Map entry costs 8 to 40. Given a spill file (a huge file's read), its values live
 * there instead (spill-file.ts): a page table's few bytes of memory, whatever its length.
 */
import { SpilledWords, type SpillFile } from './spill-file';

/** How much a full column grows: 1.5×, not 2×, so that on average a sixth of it is room not used, not a quarter. */
export const GROWTH = 1.5;
const EMPTY_INTS = new Int32Array(0);
const EMPTY_FLOATS = new Float64Array(0);

export class IntColumn {
  /** Allocated at the first write: a re-read of one body makes a whole parse state, most of its columns never written. */
  private values = EMPTY_INTS;
  /** Kept as `value ^ empty`, so that a word never written (0) reads as `empty`. */
  private readonly spilled?: SpilledWords;

  /** `empty`: what a row never set reads as; `spill`: where the values go instead of memory. */
  constructor(
    private readonly empty: number,
    spill?: SpillFile,
  ) {
    if (spill) this.spilled = new SpilledWords(spill);
  }

  get(row: number): number {
    if (this.spilled) return row >= 0 ? this.spilled.get(row) ^ this.empty : this.empty;
    return row >= 0 && row < this.values.length ? this.values[row] : this.empty;
  }

  set(row: number, value: number): void {
    if (this.spilled) return this.spilled.set(row, value ^ this.empty);
    if (row >= this.values.length) this.grow(row + 1);
    this.values[row] = value;
  }

  /** The bytes of memory it takes (room not used yet included). */
  get byteLength(): number {
    return this.spilled ? this.spilled.byteLength : this.values.byteLength;
  }

  /** Gives back the room past `rows`. */
  trim(rows: number): void {
    if (!this.spilled) this.values = this.values.slice(0, rows);
  }

  private grow(rows: number): void {
    const grown = new Int32Array(Math.max(rows, 16, Math.ceil(this.values.length * GROWTH))).fill(this.empty);
    grown.set(this.values);
    this.values = grown;
  }
}

/** The same for 64-bit floats (timestamps in ms, token counts): NaN where a row was never set. */
export class FloatColumn {
  private values = EMPTY_FLOATS;
  /** Two words a row, the high one XORed with NaN's, so that words never written (0, 0) read as NaN. */
  private readonly spilled?: SpilledWords;

  constructor(spill?: SpillFile) {
    if (spill) this.spilled = new SpilledWords(spill);
  }

  get(row: number): number {
    if (this.spilled) {
      if (row < 0) return NaN;
      WORDS[0] = this.spilled.get(2 * row);
      WORDS[1] = this.spilled.get(2 * row + 1) ^ NAN_HIGH;
      return FLOAT[0];
    }
    return row >= 0 && row < this.values.length ? this.values[row] : NaN;
  }

  set(row: number, value: number): void {
    if (this.spilled) {
      FLOAT[0] = value;
      this.spilled.set(2 * row, WORDS[0]);
      this.spilled.set(2 * row + 1, WORDS[1] ^ NAN_HIGH);
      return;
    }
    if (row >= this.values.length) {
      const grown = new Float64Array(Math.max(row + 1, 16, Math.ceil(this.values.length * GROWTH))).fill(NaN);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[row] = value;
  }

  get byteLength(): number {
    return this.spilled ? this.spilled.byteLength : this.values.byteLength;
  }

  trim(rows: number): void {
    if (!this.spilled) this.values = this.values.slice(0, rows);
  }
}

/** A float and its two words (little-endian: low, high), for FloatColumn's spilled rows. */
const FLOAT = new Float64Array(1);
const WORDS = new Int32Array(FLOAT.buffer);
FLOAT[0] = NaN;
const NAN_HIGH = WORDS[1];
