/** A numbered, forward-only schema step. Applied ones are recorded with a hash of their SQL. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}
