import { describe, expect, it } from 'vitest';
import { progressText, searchLagText } from './sync-progress';

const MB = 1024 * 1024;
const at = (p: Partial<Parameters<typeof progressText>[0]>) => progressText({ done: 0, total: 0, bytesDone: 0, bytesTotal: 0, conversations: 0, unindexed: 0, ...p });

describe('progressText', () => {
  it('counts files, whole MB and conversations of a large sync', () => {
    expect(at({ done: 120, total: 800, bytesDone: 340 * MB, bytesTotal: 2100 * MB, conversations: 1450 })).toBe('Syncing 120/800 files · 340/2,100 MB · 1,450 conversations');
  });

  it('keeps a decimal while the whole is under 10 MB, so a small sync still moves', () => {
    expect(at({ done: 1, total: 1, bytesDone: 0.3 * MB, bytesTotal: 1.2 * MB, conversations: 1 })).toBe('Syncing 1/1 file · 0.3/1.2 MB · 1 conversation');
  });

  it('says what search has left, beside the files while they are read and alone once they are', () => {
    expect(at({ done: 3, total: 8, bytesDone: 30 * MB, bytesTotal: 80 * MB, conversations: 40, unindexed: 12 })).toBe('Syncing 3/8 files · 30/80 MB · 40 conversations · 12 to index');
    expect(at({ done: 8, total: 8, bytesDone: 80 * MB, bytesTotal: 80 * MB, conversations: 90, unindexed: 300 })).toBe('Indexing for search: 300 conversations to go');
  });
});

describe('searchLagText', () => {
  it('says how many conversations search has not indexed yet, in the status bar’s count', () => {
    const p = { done: 8, total: 8, bytesDone: 0, bytesTotal: 0, conversations: 0 };
    expect(searchLagText({ ...p, unindexed: 1 })).toBe('Search is catching up: 1 conversation not searchable yet');
    expect(searchLagText({ ...p, unindexed: 1234 })).toBe('Search is catching up: 1,234 conversations not searchable yet');
  });
});
