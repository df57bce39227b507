/**
 * The retention channels of the service on an archive of the real fixtures: settings saved
 * and refused, pins, a sweep that leaves the service answering meanwhile, and the cadence
 * honored after a sync.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFixtures } from '../../../test/retention-helpers';
import { ArchiveService } from '../service/archive-service';

describe('retention through the service', () => {
  it('saves settings, pins, sweeps off the UI path and sweeps after a sync when the cadence says so', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-retention-service-'));
    const root = path.join(work, 'archive');
    importFixtures(root);
    const empty = path.join(work, 'empty-home');
    mkdirSync(empty);
    const service = new ArchiveService({ root, sources: [empty] });
    try {
      const view = await service.handle('dejavu:retention', {});
      expect(view.ok && view.value.settings).toEqual(view.ok && view.value.defaults);
      expect(view.ok && view.value.unanalyzed).toBe(0);

      const refused = await service.handle('dejavu:set-retention', { settings: { softCapBytes: 10, hardCapBytes: 5 } });
      expect(refused.ok || refused.error.code).toBe('invalid-request');
      const saved = await service.handle('dejavu:set-retention', { settings: { softCapBytes: 1, hardCapBytes: 1, maxAgeDays: null, cadence: 'manual' } });
      expect(saved.ok && saved.value).toMatchObject({ softCapBytes: 1, hardCapBytes: 1, maxAgeDays: null, cadence: 'manual' });

      const list = await service.handle('dejavu:conversations', {});
      const ids = list.ok ? list.value.map((c) => c.id) : [];
      const pin = await service.handle('dejavu:pin', { id: ids[0], pinned: true });
      expect(pin.ok && pin.value).toEqual({ id: ids[0], pinned: true });

      const plan = await service.handle('dejavu:evict', { dryRun: true });
      expect(plan.ok && plan.value.steps.length).toBe((ids.length - 1) * 2);
      // A preview may use values not saved (the form's); a real sweep only the saved ones.
      const roomy = await service.handle('dejavu:evict', { dryRun: true, overrides: { softCapBytes: 2 ** 40, hardCapBytes: 2 ** 40 } });
      expect(roomy.ok && roomy.value).toMatchObject({ steps: [], settings: { softCapBytes: 2 ** 40, cadence: 'manual' } });
      const unsaved = await service.handle('dejavu:evict', { dryRun: false, overrides: { softCapBytes: 2 ** 40 } });
      expect(unsaved.ok || unsaved.error).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('overrides apply to a preview only: save the settings to evict with them') });
      const crossed = await service.handle('dejavu:evict', { dryRun: true, overrides: { softCapBytes: 10 } });
      expect(crossed.ok || crossed.error).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('the hard cap (1 bytes) is below the soft cap (10 bytes)') });

      // Other requests are answered while the sweep runs.
      let finished = false;
      const sweep = service.handle('dejavu:evict', { dryRun: false }).then((r) => ((finished = true), r));
      const status = await service.handle('dejavu:status', {});
      expect(status.ok).toBe(true);
      expect(finished).toBe(false);
      const done = await sweep;
      expect(done.ok && done.value.steps.length).toBe((ids.length - 1) * 2);

      const after = await service.handle('dejavu:retention', {});
      expect(after.ok && after.value.stages).toEqual({ whole: 1, stage1: 0, stage2: ids.length - 1, lost: 0 });
      expect(after.ok && after.value.ledger.stage2).toBe(ids.length - 1);
      const pinned = await service.handle('dejavu:conversation', { id: ids[0] });
      expect(pinned.ok && pinned.value.summary.pinned).toBe(true);
      const lastRun = after.ok ? after.value.lastRunAt : undefined;
      expect(lastRun).toBeDefined();

      // manual: a sync does not sweep; on-sync: it does.
      await service.sync();
      await new Promise((r) => setTimeout(r, 200));
      const manual = await service.handle('dejavu:retention', {});
      expect(manual.ok && manual.value.lastRunAt).toBe(lastRun);
      await service.handle('dejavu:set-retention', { settings: { cadence: 'on-sync' } });
      await service.sync();
      for (let i = 0; i < 100; i += 1) {
        const v = await service.handle('dejavu:retention', {});
        if (v.ok && v.value.lastRunAt !== lastRun) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const onSync = await service.handle('dejavu:retention', {});
      expect(onSync.ok && onSync.value.lastRunAt).not.toBe(lastRun);
    } finally {
      service.close();
    }
  });
});
