/**
 * A sync that fails ends its progress line too: the app's status bar and tray clear "Indexing for
 * search: N conversations to go" when the search catch-up's thread dies, rather than showing a
 * count that never moves until the next sync.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContractEvents } from '../../../shared/contract';
import { progressText } from '../../../shared/sync-progress';
import { claudeTarget, CLAUDE_FIXTURE, splitFixture, writeHead } from '../../../test/live-home';
import { ArchiveService } from './archive-service';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dejavu-progress-failure-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An indexer thread that takes the sync's batches, starts its catch-up with 5 conversations to go, then dies. */
const DYING_INDEXER = `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (msg) => {
  if (msg.type === 'catch-up') {
    parentPort.postMessage({ type: 'catching-up', left: 5 });
    setTimeout(() => process.exit(3), 20);
  } else if (msg.type === 'finish') parentPort.postMessage({ type: 'done' });
  else parentPort.postMessage({ type: 'ack' });
});
`;

describe('sync progress when the sync fails', () => {
  it('ends with a failure event after the catch-up’s thread dies, so the countdown does not stay on screen', async () => {
    const home = path.join(tmp, 'home');
    const root = path.join(tmp, 'archive');
    const worker = path.join(tmp, 'dying-indexer.mjs');
    writeFileSync(worker, DYING_INDEXER);
    writeHead(splitFixture(CLAUDE_FIXTURE, claudeTarget(home), 1, 1));
    const service = new ArchiveService({ root, sources: [home], indexerWorker: worker, log: () => undefined });
    const events: ContractEvents['dejavu:sync-progress'][] = [];
    service.on('dejavu:sync-progress', (p) => events.push(p));
    try {
      const answer = await service.handle('dejavu:sync', {});
      expect(answer).toMatchObject({ ok: false, error: { message: 'search indexer stopped with code 3' } });
      await service.idle().catch(() => undefined);
    } finally {
      service.close();
    }
    const counting = events.filter((e) => !('finished' in e) && !('failed' in e));
    expect(counting.map((e) => progressText(e as Parameters<typeof progressText>[0]))).toContain('Indexing for search: 5 conversations to go');
    expect(events.at(-1)).toEqual({ failed: 'search indexer stopped with code 3' });
  });
});
