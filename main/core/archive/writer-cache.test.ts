/**
 * The writer's connection to index.db keeps a small page cache (db.ts): a first sync's peak RSS
 * grew with the corpus while better-sqlite3's 16 MB default filled (main/core/search/README.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openArchiveWriter } from '../access/open-writer';
import { connectionOf } from './index-store/handle';

describe("the writer's page cache", () => {
  it('is at most 2 MB', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dejavu-writer-cache-'));
    const writer = openArchiveWriter(root);
    try {
      const cacheSize = connectionOf(writer.db).pragma('cache_size', { simple: true }) as number;
      // Negative: KiB; positive: pages of 4 KiB.
      const bytes = cacheSize < 0 ? -cacheSize * 1024 : cacheSize * 4096;
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    } finally {
      writer.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
