/**
 * The service with live capture on: appended conversations are announced as dejavu:changed,
 * and a sync asked for meanwhile runs through live capture's writer instead of taking (and
 * then dropping) the writer lock beside it.
 */
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeTarget, CLAUDE_FIXTURE, splitFixture, until, writeHead } from '../../../test/live-home';
import { LOCK_FILE } from '../archive/paths';
import { fileParseContext } from '../capture/parse-context';
import { claudeCodeProvider } from '../providers/claude-code/index';
import { ArchiveService } from './archive-service';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-service-live-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('ArchiveService live capture', () => {
  it('announces appends and routes syncs through the live writer', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(tmp, 'archive');
    const file = splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 0.5, 2);
    writeHead(file);
    const service = new ArchiveService({ root, sources: [home] });
    const changed: string[][] = [];
    service.on('dejavu:changed', (e) => changed.push([...e.conversations]));
    try {
      await service.startLive();
      expect(service.isLive).toBe(true);
      const first = await service.sync();
      expect(first.created).toBeGreaterThan(0);
      // Its own writer would have released the lock file on closing; the live one still holds it.
      expect(existsSync(path.join(root, LOCK_FILE))).toBe(true);
      appendFileSync(file.path, file.chunks[0]);
      const [expected] = await claudeCodeProvider.parse(fileParseContext(file.path));
      await until(() => changed.some((ids) => ids.includes(expected.id)) && changed.length > 1, 10_000, 'dejavu:changed');
      const page = await service.handle('dejavu:messages', { id: expected.id, offset: 0, limit: 2_000 });
      expect(page.ok && page.value.total).toBe(expected.messages.length);
      const summary = await service.handle('dejavu:conversation', { id: expected.id });
      expect(summary.ok && summary.value.summary.live).toBe(true);
      await service.sync();
      expect(existsSync(path.join(root, LOCK_FILE))).toBe(true);
    } finally {
      await service.stopLive();
      service.close();
    }
    expect(existsSync(path.join(root, LOCK_FILE))).toBe(false);
  });
});
