/**
 * Adding a folder (`dejavu:sync-folder`) beside the homes' sync: each runs in turn, each answers
 * for what it read, neither joins the other; a path that is no folder is refused with its name.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { ArchiveService } from './archive-service';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-service-folder-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const checkpoint = (repo: string, shard: string) => path.join(FIXTURES_DIR, 'claude-code', repo, 'entire_checkpoints_v1', ...shard.split('/'), 'full.jsonl');
const IN_HOME = checkpoint('entireio__cli', 'c9/883595c929/0'); // session 1b3e6441-…
const KEPT = checkpoint('PackmindHub__context-evaluator', 'ee/7e610ffc3f/1'); // session d161f8df-…

describe('ArchiveService: adding a folder', () => {
  it('runs after the homes’ sync asked at the same time, each answering for its own files', async () => {
    const home = path.join(tmp, 'home');
    const project = path.join(home, '.claude', 'projects', '-work-project');
    mkdirSync(project, { recursive: true });
    copyFileSync(IN_HOME, path.join(project, '1b3e6441-62e3-4b41-8a0c-9d252f531f7a.jsonl'));
    const kept = path.join(tmp, 'kept');
    mkdirSync(kept);
    copyFileSync(KEPT, path.join(kept, 'backup.jsonl'));
    const service = new ArchiveService({ root: path.join(tmp, 'archive'), sources: [home], home });
    try {
      const homes = service.sync();
      expect(service.sync()).toBe(homes); // a second Sync press joins the first
      const folder = service.handle('dejavu:sync-folder', { path: kept });
      const [fromHomes, fromFolder] = await Promise.all([homes, folder]);
      expect(fromHomes).toMatchObject({ read: 1, created: 1 });
      expect(fromFolder).toEqual({ ok: true, value: expect.objectContaining({ folder: kept, read: 1, created: 1, updated: 0, errors: [] }) });
      const status = await service.handle('dejavu:status', {});
      expect(status.ok && status.value.stats.conversations).toBe(2);
      expect(status.ok && status.value.lastSync?.folder).toBe(kept);

      const missing = path.join(tmp, 'nowhere');
      expect(await service.handle('dejavu:sync-folder', { path: missing })).toEqual({ ok: false, error: { code: 'invalid-request', message: `no folder at ${missing}` } });
      expect(await service.handle('dejavu:sync-folder', {})).toEqual({ ok: false, error: { code: 'unsupported', message: 'choosing a folder needs the desktop app: type the folder’s path' } });
    } finally {
      await service.idle(); // the sweep a sync may start
      service.close();
    }
  });
});
