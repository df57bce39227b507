/**
 * A growable column of 32-bit integers, one per row, for tables kept out of the JS heap's
 * objects (id-pool.ts, claude-code/message-table.ts): 4 bytes a row where an array of boxed
 * values or a Map entry costs 8 to 40.
 */
/** How much a full column grows: 1.5×, not 2×, so that on average a sixth of it is room not used, not a quarter. */
export const GROWTH = 1.5;
const EMPTY_INTS = new Int32Array(0);
const EMPTY_FLOATS = new Float64Array(0);

export class IntColumn {
  /** Allocated at the first write: a re-read of one body makes a whole parse state, most of its columns never written. */
  private values = EMPTY_INTS;

  /** `empty`: what a row never set reads as. */
  constructor(private readonly empty: number) {}

  get(row: number): number {
    return row >= 0 && row < this.values.length ? this.values[row] : this.empty;
  }

  set(row: number, value: number): void {
    if (row >= this.values.length) this.grow(row + 1);
    this.values[row] = value;
  }

  /** The bytes it takes (room not used yet included). */
  get byteLength(): number {
    return this.values.byteLength;
  }

  /** Gives back the room past `rows`. */
  trim(rows: number): void {
    this.values = this.values.slice(0, rows);
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

  get(row: number): number {
    return row >= 0 && row < this.values.length ? this.values[row] : NaN;
  }

  set(row: number, value: number): void {
    if (row >= this.values.length) {
      const grown = new Float64Array(Math.max(row + 1, 16, Math.ceil(this.values.length * GROWTH))).fill(NaN);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[row] = value;
  }

  get byteLength(): number {
    return this.values.byteLength;
  }

  trim(rows: number): void {
    this.values = this.values.slice(0, rows);
  }
}
