/**
 * The switch to WAL against a real second process that holds the write lock of a new (rollback
 * mode) file, as a second `dejavu` switching the same new archive does for a moment.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, writerHolding } from '../../../test/sqlite-writer';
import { openRetryingWhileBusy, switchToWal } from './wal-mode';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-wal-mode-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function newRollbackFile(name: string): string {
  const file = path.join(tmp, name);
  const db = new Database(file);
  db.exec('CREATE TABLE t (x)');
  db.close();
  return file;
}

describe('switchToWal', () => {
  it('waits out another process writing the new file, where the plain pragma fails at once', async () => {
    const plainFile = newRollbackFile('plain.db');
    // Held well past the 800 ms checked (a wait would last until it ends): the test files run two at a time, and this process may be slow to get its turn.
    const plainWriter = await writerHolding(plainFile, 1200);
    const plain = new Database(plainFile);
    plain.pragma('busy_timeout = 10000');
    const started = Date.now();
    expect(() => plain.pragma('journal_mode = WAL')).toThrow(/database is locked/);
    // SQLite gave up without waiting: the busy timeout does not cover this upgrade.
    expect(Date.now() - started).toBeLessThan(800);
    plain.close();
    await exited(plainWriter);

    const file = newRollbackFile('switched.db');
    const writer = await writerHolding(file, 400);
    const db = new Database(file);
    db.pragma('busy_timeout = 10000');
    switchToWal(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    await exited(writer);
  });

  it('still fails when the file stays locked past the wait', async () => {
    const file = newRollbackFile('held.db');
    const writer = await writerHolding(file, 1500);
    const db = new Database(file);
    expect(() => switchToWal(db, 200)).toThrow(/database is locked/);
    db.close();
    await exited(writer);
  });
});

describe('openRetryingWhileBusy', () => {
  /** A read turned write in one transaction: what SQLite refuses at once while another process writes. */
  const readThenWrite = (file: string) => () => {
    const db = new Database(file);
    try {
      db.pragma('busy_timeout = 10000');
      db.exec('BEGIN');
      db.prepare('SELECT count(*) FROM t').get();
      db.exec('INSERT INTO t VALUES (1)');
      db.exec('COMMIT');
      return db.prepare('SELECT count(*) AS n FROM t').get() as { n: number };
    } finally {
      db.close();
    }
  };

  it('opens again once another process lets the file go, where one try fails at once', async () => {
    const file = newRollbackFile('upgrade.db');
    const first = await writerHolding(file, 1200);
    const started = Date.now();
    expect(readThenWrite(file)).toThrow(/database is locked/);
    expect(Date.now() - started).toBeLessThan(800);
    expect(openRetryingWhileBusy(readThenWrite(file))).toEqual({ n: 1 });
    await exited(first);
  });

  it('gives up past its wait, and never retries another error', async () => {
    const file = newRollbackFile('held-open.db');
    const writer = await writerHolding(file, 1500);
    expect(() => openRetryingWhileBusy(readThenWrite(file), 200)).toThrow(/database is locked/);
    await exited(writer);
    let tries = 0;
    expect(() =>
      openRetryingWhileBusy(() => {
        tries += 1;
        throw new Error('not a busy database');
      }),
    ).toThrow('not a busy database');
    expect(tries).toBe(1);
  });
});
