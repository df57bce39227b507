/**
 * The retention channels of the service on an archive of the real fixtures: settings saved
 * and refused, pins, a sweep that leaves the service answering meanwhile, and the cadence
 * honored after a sync. Each test works on its own copy of one imported archive.
 */
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importFixtures } from '../../../test/retention-helpers';
import { ArchiveService } from '../service/archive-service';
import { value } from '../../../test/result-value';

const work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-retention-service-'));
const template = path.join(work, 'template');
const empty = path.join(work, 'empty-home');

let copies = 0;
async function withService(fn: (service: ArchiveService) => Promise<void>): Promise<void> {
  const root = path.join(work, `archive-${(copies += 1)}`);
  cpSync(template, root, { recursive: true });
  const service = new ArchiveService({ root, sources: [empty] });
  try {
    await fn(service);
  } finally {
    await service.idle();
    service.close();
  }
}

async function conversationIds(service: ArchiveService): Promise<string[]> {
  return value(await service.handle('dejavu:conversations', {})).map((c) => c.id);
}

describe('retention through the service', () => {
  beforeAll(() => {
    importFixtures(template);
    mkdirSync(empty);
  });

  it('shows the default settings and every conversation analyzed after an import', () =>
    withService(async (service) => {
      const view = value(await service.handle('dejavu:retention', {}));
      expect(view.settings).toEqual(view.defaults);
      expect(view.unanalyzed).toBe(0);
      expect(view.lastRunAt).toBeUndefined();
    }));

  it('refuses a hard cap below the soft cap and saves valid settings', () =>
    withService(async (service) => {
      const refused = await service.handle('dejavu:set-retention', { settings: { softCapBytes: 10, hardCapBytes: 5 } });
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.error.code).toBe('invalid-request');
      const saved = value(await service.handle('dejavu:set-retention', { settings: { softCapBytes: 1, hardCapBytes: 1, maxAgeDays: null, cadence: 'manual' } }));
      expect(saved).toMatchObject({ softCapBytes: 1, hardCapBytes: 1, maxAgeDays: null, cadence: 'manual' });
      expect(value(await service.handle('dejavu:retention', {})).settings).toEqual(saved);
    }));

  it('sweeps off the UI path, keeping a pinned conversation whole', () =>
    withService(async (service) => {
      value(await service.handle('dejavu:set-retention', { settings: { softCapBytes: 1, hardCapBytes: 1, maxAgeDays: null, cadence: 'manual' } }));
      const ids = await conversationIds(service);
      expect(value(await service.handle('dejavu:pin', { id: ids[0], pinned: true }))).toEqual({ id: ids[0], pinned: true });
      const plan = value(await service.handle('dejavu:evict', { dryRun: true }));
      expect(plan.steps.length).toBe((ids.length - 1) * 2);
      // A preview may use values not saved (the form's); a real sweep only the saved ones.
      const roomy = value(await service.handle('dejavu:evict', { dryRun: true, overrides: { softCapBytes: 2 ** 40, hardCapBytes: 2 ** 40 } }));
      expect(roomy).toMatchObject({ steps: [], settings: { softCapBytes: 2 ** 40, cadence: 'manual' } });
      const unsaved = await service.handle('dejavu:evict', { dryRun: false, overrides: { softCapBytes: 2 ** 40 } });
      expect(unsaved.ok || unsaved.error).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('overrides apply to a preview only: save the settings to evict with them') });
      const crossed = await service.handle('dejavu:evict', { dryRun: true, overrides: { softCapBytes: 10 } });
      expect(crossed.ok || crossed.error).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('the hard cap (1 bytes) is below the soft cap (10 bytes)') });

      // Other requests are answered while the sweep runs.
      let finished = false;
      const sweep = service.handle('dejavu:evict', { dryRun: false }).then((r) => ((finished = true), r));
      expect(value(await service.handle('dejavu:status', {})).archive).toBeTruthy();
      expect(finished).toBe(false);
      expect(value(await sweep).steps.length).toBe((ids.length - 1) * 2);

      const after = value(await service.handle('dejavu:retention', {}));
      expect(after.stages).toEqual({ whole: 1, stage1: 0, stage2: ids.length - 1, lost: 0 });
      expect(after.ledger.stage2).toBe(ids.length - 1);
      expect(after.lastRunAt).toBeDefined();
      expect(value(await service.handle('dejavu:conversation', { id: ids[0] })).summary.pinned).toBe(true);
    }));

  it('does not sweep after a sync when the cadence is manual', () =>
    withService(async (service) => {
      value(await service.handle('dejavu:set-retention', { settings: { softCapBytes: 1, hardCapBytes: 1, cadence: 'manual' } }));
      await service.sync();
      await service.idle();
      const view = value(await service.handle('dejavu:retention', {}));
      expect(view.lastRunAt).toBeUndefined();
      expect(view.stages.stage2).toBe(0);
    }));

  it('sweeps after every sync when the cadence is on-sync', () =>
    withService(async (service) => {
      value(await service.handle('dejavu:set-retention', { settings: { softCapBytes: 1, hardCapBytes: 1, cadence: 'on-sync' } }));
      const ids = await conversationIds(service);
      await service.sync();
      await service.idle();
      const view = value(await service.handle('dejavu:retention', {}));
      expect(view.lastRunAt).toBeDefined();
      expect(view.stages.stage2).toBe(ids.length);
    }));
});
