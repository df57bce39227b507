/**
 * statementOf keeps a connection's prepared statements, and no more than its bound: search
 * makes SQL of many shapes (filters, roles, tools), and a long-running `serve` or app must not
 * keep one statement per shape ever asked.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { preparedCount, STATEMENTS_PER_CONNECTION, statementOf } from './handle';

describe('statementOf', () => {
  it('prepares a statement once and gives it back', () => {
    const db = new Database(':memory:');
    const first = statementOf(db, 'SELECT 1');
    expect(statementOf(db, 'SELECT 1')).toBe(first);
    expect(preparedCount(db)).toBe(1);
    db.close();
  });

  it('keeps at most its bound, letting the least recently used go', () => {
    const db = new Database(':memory:');
    const kept = statementOf(db, 'SELECT 0');
    const dropped = statementOf(db, 'SELECT -1');
    for (let i = 1; i <= STATEMENTS_PER_CONNECTION * 3; i++) {
      statementOf(db, `SELECT ${i}`);
      statementOf(db, 'SELECT 0'); // used all along: never the least recent
    }
    expect(preparedCount(db)).toBe(STATEMENTS_PER_CONNECTION);
    expect(statementOf(db, 'SELECT 0')).toBe(kept);
    expect(statementOf(db, 'SELECT -1')).not.toBe(dropped);
    expect(statementOf(db, 'SELECT -1').pluck().get()).toBe(-1);
    db.close();
  });
});
