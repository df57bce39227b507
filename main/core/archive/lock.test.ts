import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireWriterLock, ArchiveBusyError } from './lock';

describe('archive writer lock', () => {
  it('lets one writer in at a time, in this process too', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lock-'));
    const lock = acquireWriterLock(root);
    expect(() => acquireWriterLock(root, 0)).toThrow(ArchiveBusyError);
    const started = Date.now();
    expect(() => acquireWriterLock(root, 200)).toThrow(ArchiveBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    lock.release();
    acquireWriterLock(root).release();
  });

  it('refuses while another live process holds it, and takes over from a dead one', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lock-'));
    writeFileSync(path.join(root, 'sync.lock'), `${process.ppid} sometoken`);
    expect(() => acquireWriterLock(root, 0)).toThrow(/another Déjà Vu process/);
    // A pid that cannot be alive (beyond the kernel's maximum), or our own pid with a token we never issued.
    for (const stale of ['4194304999 x', `${process.pid} not-ours`]) {
      writeFileSync(path.join(root, 'sync.lock'), stale);
      const lock = acquireWriterLock(root);
      expect(readFileSync(path.join(root, 'sync.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} [0-9a-f]{16}( .+)?$`));
      lock.release();
    }
  });

  it('never takes a lock that is still being written for a dead one: an empty lock is busy until it is old', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lock-'));
    const file = path.join(root, 'sync.lock');
    // Another process has just created the lock and not yet written its pid in it.
    writeFileSync(file, '');
    expect(() => acquireWriterLock(root, 0)).toThrow(/another Déjà Vu process is taking the archive .*: wait a moment, then run this again/);
    expect(readFileSync(file, 'utf8')).toBe('');
    // Left empty by a writer killed long ago (an older build created it in place): taken over.
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const lock = acquireWriterLock(root, 0);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} [0-9a-f]{16}( .+)?$`));
    lock.release();
  });

  it('appears with its content (written aside, then linked), and a killed writer’s temporary file is cleared', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-lock-'));
    writeFileSync(path.join(root, 'sync.lock.4194304999.abcd1234'), '4194304999 deadbeefdeadbeef');
    const lock = acquireWriterLock(root);
    expect(readdirSync(root).sort()).toEqual(['sync.lock']);
    lock.release();
    expect(readdirSync(root)).toEqual([]);
  });
});
