/**
 * The inline sink indexes on the caller's thread: a huge file's rows, hundreds of pieces in a row
 * in the app's main process. Each piece must give the event loop a turn, or the window's IPC and
 * every timer wait for the whole file.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { searchRowCount } from './indexed-marks';
import { inlineIndexSink } from './index-sink';
import { openSearchDb } from './search-db';

function piece(seq: number) {
  const rows = Array.from({ length: 50 }, (_, r) => ({ text: `row ${r} of piece ${seq}: the event loop waits`, messageIndex: r, scope: 'message' as const, role: 'user' as const }));
  return [{ seq, id: `c${seq}`, revision: 1, rows, lastActive: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString() }];
}

describe('the inline index sink', () => {
  it('lets the event loop run between the pieces it indexes', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-inline-sink-'));
    const sink = inlineIndexSink(root);
    let turns = 0;
    const turnsAfter: number[] = [];
    for (let seq = 1; seq <= 3; seq += 1) {
      setImmediate(() => (turns += 1)); // what an IPC message or a timer would be waiting for
      await sink.post(piece(seq));
      turnsAfter.push(turns);
    }
    await sink.finish();
    expect(turnsAfter).toEqual([1, 2, 3]);
    const db = openSearchDb(root);
    expect(searchRowCount(db)).toBe(150);
    db.close();
  });
});
