/**
 * How tight V8 keeps the heap while runs are under way (memory.ts): a sync holds it at
 * SYNC_HEAP_GROWING_PERCENT, a huge file inside it tighter still, and when the huge file is done
 * the sync's own hold comes back (not V8's default, which let a 1 GB sync's heaps grow 4-5x).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { zstdCompress } from './archive/zstd';
import { heapGrowingPercent, SYNC_HEAP_GROWING_PERCENT, withHeapGrowing, withTightHeap } from './memory';

/** Full (mark-compact) collections while `work` runs. */
async function fullCollectionsDuring(work: () => Promise<void>): Promise<number> {
  let full = 0;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if ((e as unknown as { detail?: { kind?: number } }).detail?.kind === 4) full += 1; // NODE_PERFORMANCE_GC_MAJOR
  });
  observer.observe({ entryTypes: ['gc'] });
  await work();
  await new Promise((resolve) => setTimeout(resolve, 50)); // entries are delivered asynchronously
  observer.disconnect();
  return full;
}

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

  it("collects every 100 zstd calls while a huge file's tight heap is held (their native memory waits for a collection), and leaves other runs to V8", async () => {
    const small = Buffer.from('a few bytes of a blob page');
    const compressions = async () => {
      for (let i = 0; i < 300; i += 1) zstdCompress(small);
    };
    expect(await fullCollectionsDuring(() => withTightHeap(compressions))).toBeGreaterThanOrEqual(3);
    expect(await fullCollectionsDuring(() => withHeapGrowing(SYNC_HEAP_GROWING_PERCENT, compressions))).toBeLessThan(3);
  });
});
