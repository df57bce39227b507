import { describe, expect, it } from 'vitest';
import { CHANNELS, type ChannelName } from './contract';
import { CHANNEL_DATA, changeOfEvent, changeOfWrite, isStale } from './invalidation';

/** The read channels whose answer (to these requests) a change makes stale. */
function staleReads(change: ReturnType<typeof changeOfWrite>, requests: Partial<Record<ChannelName, unknown>> = {}): ChannelName[] {
  return CHANNELS.filter((c) => isStale(change, c, requests[c] ?? {}));
}

describe('cache invalidation table', () => {
  it('makes a pin stale wherever pins are shown, and nothing else', () => {
    expect(staleReads(changeOfWrite('dejavu:pin', { id: 'a', pinned: true }), { 'dejavu:conversation': { id: 'b' } })).toEqual([
      'dejavu:conversations',
      'dejavu:conversation',
      'dejavu:search',
      'dejavu:retention',
    ]);
  });

  it('makes a settings write stale only where those settings are read', () => {
    expect(staleReads(changeOfWrite('dejavu:set-privacy', { settings: { redactExports: false } }))).toEqual(['dejavu:privacy']);
    expect(staleReads(changeOfWrite('dejavu:set-retention', { settings: { cadence: 'manual' } }))).toEqual(['dejavu:retention']);
  });

  it('changes nothing with an eviction preview, and every view of the archive with a real sweep', () => {
    expect(staleReads(changeOfWrite('dejavu:evict', { dryRun: true }))).toEqual([]);
    const swept = staleReads(changeOfWrite('dejavu:evict', { dryRun: false }));
    for (const read of ['dejavu:tree', 'dejavu:conversation', 'dejavu:messages', 'dejavu:search', 'dejavu:retention', 'dejavu:space'] as const) expect(swept).toContain(read);
    expect(swept).not.toContain('dejavu:privacy');
  });

  it('makes the status stale on a background failure (it lists the failures main kept), and nothing else', () => {
    expect(staleReads(changeOfEvent('dejavu:background-failure', { task: 'live capture', message: 'x', at: '2026-11-23T00:00:00.000Z' }))).toEqual(['dejavu:status']);
  });

  it('makes a changed conversation stale, not the others, and every list', () => {
    const change = changeOfEvent('dejavu:changed', { conversations: ['a'] });
    expect(isStale(change, 'dejavu:messages', { id: 'a', offset: 0, limit: 50 })).toBe(true);
    expect(isStale(change, 'dejavu:messages', { id: 'b', offset: 0, limit: 50 })).toBe(false);
    expect(isStale(change, 'dejavu:conversation', { id: 'b' })).toBe(false);
    expect(isStale(change, 'dejavu:tree', {})).toBe(true);
    expect(isStale(change, 'dejavu:search', { query: 'x' })).toBe(true);
  });

  it('reads search again while a sync runs (it indexes more), and the last sync and the agents’ homes too when it ends, done or failed', () => {
    const running = changeOfEvent('dejavu:sync-progress', { done: 1, total: 2, bytesDone: 1, bytesTotal: 2, conversations: 1, unindexed: 0 });
    expect(staleReads(running)).toEqual(['dejavu:search']);
    const ended = changeOfEvent('dejavu:sync-progress', { finished: { read: 0, unchanged: 0, created: 0, updated: 0, sourceDeleted: 0, errors: [] } });
    // Search too: a sync that stored nothing may have caught search up (a rebuilt search.db).
    const afterSync = ['dejavu:status', 'dejavu:search', 'dejavu:retention', 'dejavu:space', 'dejavu:agent-cleanup', 'dejavu:doctor'];
    expect(staleReads(ended)).toEqual(afterSync);
    expect(staleReads(changeOfEvent('dejavu:sync-progress', { failed: 'search indexer stopped with code 3' }))).toEqual(afterSync);
  });

  it('places every channel: a read names what it reads, a write what it changes, any other why', () => {
    for (const channel of CHANNELS) expect(Object.keys(CHANNEL_DATA[channel]).length, channel).toBe(1);
  });
});
