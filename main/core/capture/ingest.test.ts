/** One huge session never holds up the others: they are stored first, and it is read last. */
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { openArchiveWriter } from '../access/open-writer';
import { providerFor } from '../providers/registry';
import { ingestFiles, type SourceFile } from './ingest';

const BIG = path.join(FIXTURES_DIR, 'codex/EntityProcess__agentv/entire_checkpoints_v1/3c/162d1d8ad4/1/full.jsonl');
const SMALL = path.join(FIXTURES_DIR, 'codex/entireio__skills/entire_checkpoints_v1/01/da544acf74/0/full.jsonl');

describe('ingestFiles', () => {
  it('reads a huge file last, after everything before it is stored', async () => {
    const writer = openArchiveWriter(mkdtempSync(path.join(os.tmpdir(), 'dejavu-ingest-')));
    try {
      const provider = providerFor('codex')!;
      const files: SourceFile[] = [BIG, SMALL].map((p) => ({ path: p, provider, instance: 'host' }));
      const hugeBytes = statSync(BIG).size;
      expect(statSync(SMALL).size).toBeLessThan(hugeBytes);
      const seen: { path: string; smallStored: boolean }[] = [];
      const report = await ingestFiles(writer, files, { hugeBytes, deferSearch: true, onProgress: (p) => seen.push({ path: p.path, smallStored: writer.cursor(SMALL) !== undefined }) });
      expect(report.errors).toEqual([]);
      expect(seen.map((s) => s.path)).toEqual([SMALL, BIG]);
      expect(seen[1].smallStored).toBe(true);
      expect(report.created).toHaveLength(2);
    } finally {
      writer.close();
    }
  });
});
