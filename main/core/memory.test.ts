/**
 * How tight V8 keeps the heap while runs are under way (memory.ts): a sync holds it at
 * SYNC_HEAP_GROWING_PERCENT, a huge file inside it tighter still, and when the huge file is done
 * the sync's own hold comes back (not V8's default, which let a 1 GB sync's heaps grow 4-5x).
 */
import { describe, expect, it } from 'vitest';
import { heapGrowingPercent, SYNC_HEAP_GROWING_PERCENT, withHeapGrowing, withTightHeap } from './memory';

describe("the heap's growth while runs are under way", () => {
  it('is the tightest run’s, and each run’s end gives back the hold of those still running', async () => {
    const seen: number[] = [heapGrowingPercent()];
    await withHeapGrowing(SYNC_HEAP_GROWING_PERCENT, async () => {
      seen.push(heapGrowingPercent());
      await withTightHeap(async () => {
        seen.push(heapGrowingPercent());
      });
      seen.push(heapGrowingPercent());
    });
    seen.push(heapGrowingPercent());
    expect(seen).toEqual([0, SYNC_HEAP_GROWING_PERCENT, 20, SYNC_HEAP_GROWING_PERCENT, 0]);
  });

  it('gives the hold back when the run fails', async () => {
    await expect(withHeapGrowing(SYNC_HEAP_GROWING_PERCENT, async () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(heapGrowingPercent()).toBe(0);
  });
});
