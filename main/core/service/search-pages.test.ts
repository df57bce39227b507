/**
 * dejavu:search through the service on an archive of the real Codex fixtures: it answers bounded
 * pages (the service's page budget, ServiceOptions.searchPageText), continues from a page's cursor,
 * and refuses a cursor that is not one with the contract's sentence, answering nothing else.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../shared/views';
import { FIXTURES_DIR } from '../../../test/fixtures';
import { importPaths } from '../capture/import';
import { ArchiveService } from './archive-service';
import { value } from '../../../test/result-value';

let work: string;
let root: string;
let empty: string;

async function withService<T>(searchPageText: number | undefined, fn: (service: ArchiveService) => Promise<T>): Promise<T> {
  const service = new ArchiveService({ root, sources: [empty], searchPageText });
  try {
    return await fn(service);
  } finally {
    await service.idle();
    service.close();
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dejavu-search-pages-'));
  root = path.join(work, 'archive');
  empty = path.join(work, 'empty-home');
  mkdirSync(empty);
  await importPaths({ root, paths: [path.join(FIXTURES_DIR, 'codex')] });
}, 60_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const ids = (hits: readonly SearchHit[]) => hits.map((h) => [h.conversation.id, h.messageIndex, h.hitCount]);

describe('dejavu:search pages through the service', () => {
  it('answers the whole of a small archive in one page by default, and in pages from each cursor with a small budget', async () => {
    const whole = await withService(undefined, async (s) => value(await s.handle('dejavu:search', { query: 'ok', limit: 500 })));
    expect(whole.more).toBeUndefined();
    expect(whole.hits.length).toBeGreaterThan(3);
    const paged = await withService(10_000, async (s) => {
      const hits: SearchHit[] = [];
      let pages = 0;
      let cursor: number | undefined;
      do {
        const page = value(await s.handle('dejavu:search', { query: 'ok', limit: 500, ...(cursor === undefined ? {} : { cursor }) }));
        hits.push(...page.hits);
        cursor = page.more?.cursor;
        pages += 1;
      } while (cursor !== undefined && pages < 500);
      return { hits, pages };
    });
    expect(paged.pages).toBeGreaterThan(1);
    expect(ids(paged.hits)).toEqual(ids(whole.hits));
  });

  it('refuses a cursor that is not a row key, with the sentence saying what it wants', async () => {
    await withService(undefined, async (s) => {
      for (const [cursor, message] of [
        ['12', 'cursor: Invalid input: expected number, received string'],
        [1.5, 'cursor: Invalid input: expected int, received number'],
        [-1, 'cursor: Too small: expected number to be >=0'],
        [2 ** 40, 'cursor: Too big: expected number to be <=536870911'],
      ] as const) {
        expect(await s.handle('dejavu:search', { query: 'ok', cursor }), String(cursor)).toEqual({ ok: false, error: { code: 'invalid-request', message } });
      }
      // The service goes on answering.
      expect(value(await s.handle('dejavu:search', { query: 'ok' })).hits.length).toBeGreaterThan(0);
    });
  });
});
