import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
});
